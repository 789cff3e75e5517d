import type { Clock } from '../../lib/clock.js';
import type { CounterStore, Taken } from './counter-store.js';

export interface RateStatus {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

export interface QuotaStatus {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Start of the next month (UTC), epoch ms. */
  resetsAt: number;
}

const MINUTE = 60_000;

export type AllowanceBand = 'under_50' | '50_to_80' | '80_to_100' | 'spent';

/** Start of the month after the one containing `ms`, in UTC. */
export function nextMonthStart(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

const monthKey = (ms: number): string => new Date(ms).toISOString().slice(0, 7);

/** A token's fixed one-minute window at `now`. */
function rateWindow(tokenId: string, limit: number, now: number): { key: string; limit: number; expiresAt: number } {
  const windowStart = now - (now % MINUTE);
  return { key: `rate:${tokenId}:${windowStart}`, limit, expiresAt: windowStart + MINUTE };
}

function rateStatus(window: { limit: number; expiresAt: number }, { taken, count }: Taken, now: number): RateStatus {
  return {
    allowed: taken,
    limit: window.limit,
    remaining: Math.max(0, window.limit - count),
    resetSeconds: Math.max(1, Math.ceil((window.expiresAt - now) / 1000)),
  };
}

/**
 * Per-token rate (fixed one-minute windows) and per-company monthly allowance (resets at
 * 00:00 UTC on the 1st). Refused attempts do not count.
 */
export class LimitsService {
  constructor(
    private readonly counters: CounterStore,
    private readonly clock: Clock,
  ) {}

  async takeRate(tokenId: string, limit: number): Promise<RateStatus> {
    const now = this.clock.now();
    const window = rateWindow(tokenId, limit, now);
    return rateStatus(window, await this.counters.take(window.key, limit, window.expiresAt), now);
  }

  /**
   * A token's request: takes one from its rate, and, when `allowance` is given, spends one of the
   * company's allowance (if `spend` and the rate admitted it) or reads what is left. One round trip
   * to a shared counter store.
   */
  async admit(
    tokenId: string,
    rateLimit: number,
    allowance: { accountId: string; limit: number; spend: boolean } | null,
  ): Promise<{ rate: RateStatus; quota: QuotaStatus | null }> {
    if (!allowance) return { rate: await this.takeRate(tokenId, rateLimit), quota: null };
    const now = this.clock.now();
    const window = rateWindow(tokenId, rateLimit, now);
    const resetsAt = nextMonthStart(now);
    const [rate, quota] = await this.counters.takeThen(window, {
      key: this.quotaKey(allowance.accountId, now),
      limit: allowance.limit,
      expiresAt: resetsAt + MINUTE,
      take: allowance.spend,
    });
    const spent = rate.taken && allowance.spend;
    const limit = allowance.limit;
    return {
      rate: rateStatus(window, rate, now),
      quota: {
        // A spend is allowed when it was taken; a read, while some is left.
        allowed: spent ? quota.taken : quota.count < limit,
        limit,
        remaining: Math.max(0, limit - quota.count),
        resetsAt,
      },
    };
  }

  async takeQuota(accountId: string, limit: number): Promise<QuotaStatus> {
    const now = this.clock.now();
    const resetsAt = nextMonthStart(now);
    const { taken, count } = await this.counters.take(this.quotaKey(accountId, now), limit, resetsAt + MINUTE);
    return { allowed: taken, limit, remaining: Math.max(0, limit - count), resetsAt };
  }

  async quota(accountId: string, limit: number): Promise<QuotaStatus> {
    const now = this.clock.now();
    const used = await this.counters.read(this.quotaKey(accountId, now));
    return { allowed: used < limit, limit, remaining: Math.max(0, limit - used), resetsAt: nextMonthStart(now) };
  }

  /**
   * How many of these accounts have spent which share of this month's allowance, in bands
   * (`under_50`, `50_to_80`, `80_to_100`, `spent`): what an operator watches without one series per account.
   */
  async allowanceUse(accounts: readonly { id: string; limit: number }[]): Promise<Record<AllowanceBand, number>> {
    const now = this.clock.now();
    const bands: Record<AllowanceBand, number> = { under_50: 0, '50_to_80': 0, '80_to_100': 0, spent: 0 };
    for (const { id, limit } of accounts) {
      const share = (await this.counters.read(this.quotaKey(id, now))) / limit;
      bands[share >= 1 ? 'spent' : share >= 0.8 ? '80_to_100' : share >= 0.5 ? '50_to_80' : 'under_50'] += 1;
    }
    return bands;
  }

  purgeExpired(): Promise<void> {
    return this.counters.purgeExpired(this.clock.now());
  }

  private quotaKey(accountId: string, now: number): string {
    return `quota:${accountId}:${monthKey(now)}`;
  }
}
