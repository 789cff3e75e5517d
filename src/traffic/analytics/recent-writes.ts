import type { RecentWrites } from '../../db/read-route.js';
import type { Clock } from '../../lib/clock.js';
import type { CounterStore } from '../../platform/index.js';

/** How long after an account's write its reads stay on the primary: far above a healthy replica's lag. */
export const READ_YOUR_WRITES_MS = 10_000;

/**
 * The accounts that changed their analytics moments ago (clearing a code's scans), marked in the
 * counter store so that every instance sees the mark (Redis, or the primary store).
 */
export class AccountWrites implements RecentWrites {
  constructor(
    private readonly counters: CounterStore,
    private readonly clock: Clock,
    private readonly windowMs = READ_YOUR_WRITES_MS,
  ) {}

  /** Marks the account in the current window; the mark is read during this window and the next one. */
  async mark(accountId: string): Promise<void> {
    const bucket = this.bucket();
    await this.counters.take(this.key(accountId, bucket), Number.MAX_SAFE_INTEGER, (bucket + 2) * this.windowMs);
  }

  async recent(accountId: string): Promise<boolean> {
    const bucket = this.bucket();
    const counts = await Promise.all([bucket, bucket - 1].map((b) => this.counters.read(this.key(accountId, b))));
    return counts.some((n) => n > 0);
  }

  private bucket(): number {
    return Math.floor(this.clock.now() / this.windowMs);
  }

  private key(accountId: string, bucket: number): string {
    return `wrote:${accountId}:${bucket}`;
  }
}
