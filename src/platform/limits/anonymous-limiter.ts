import { createHmac, randomBytes } from 'node:crypto';
import type { Clock } from '../../lib/clock.js';
import type { RateStatus } from './limits.service.js';

const MINUTE = 60_000;
const MAX_TRACKED = 100_000;

/**
 * Limits failed authentication per client, in memory only. The client key is hashed with a
 * key that lives only in this process, so no address is kept in readable form, and it is
 * forgotten when its minute ends.
 */
export class AnonymousLimiter {
  private readonly key = randomBytes(32);
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly clock: Clock,
  ) {}

  hit(client: string): RateStatus {
    const now = this.clock.now();
    const windowStart = now - (now % MINUTE);
    if (windowStart !== this.windowStart || this.counts.size > MAX_TRACKED) {
      this.windowStart = windowStart;
      this.counts = new Map();
    }
    const id = createHmac('sha256', this.key).update(client).digest('base64url');
    const count = (this.counts.get(id) ?? 0) + 1;
    const allowed = count <= this.limit;
    if (allowed) this.counts.set(id, count);
    return {
      allowed,
      limit: this.limit,
      remaining: Math.max(0, this.limit - Math.min(count, this.limit)),
      resetSeconds: Math.max(1, Math.ceil((windowStart + MINUTE - now) / 1000)),
    };
  }
}
