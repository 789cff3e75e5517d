import type { Transactor, Tx } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { Expired } from './lifecycle.types.js';
import type { ExpiriesRepository } from './store/expiries.repository.js';

/** What is told of an expiry, in the transaction that marks it announced (alerts, webhooks). */
export type ExpiryListener = (tx: Tx, expired: Expired) => Promise<void>;

const BATCH = 500;

/**
 * Announces each code's or link's expiry once, within a minute of it: by date once its time has
 * passed, by count once its limit is taken. The mark and what the listeners write commit together,
 * and only one instance's mark succeeds.
 */
export class ExpiriesService {
  private readonly listeners: ExpiryListener[] = [];

  constructor(
    private readonly expiries: ExpiriesRepository,
    private readonly transactor: Transactor,
    private readonly clock: Clock,
  ) {}

  onExpired(listener: ExpiryListener): void {
    this.listeners.push(listener);
  }

  /** Returns how many expiries this instance announced. */
  async announceDue(): Promise<number> {
    const now = this.clock.now();
    let announced = 0;
    for (const found of await this.expiries.unannounced(now, BATCH)) {
      const expired: Expired = { ...found, at: now };
      const done = await this.transactor.run(async (tx) => {
        if (!(await this.expiries.announce(expired.id, now, tx))) return false;
        for (const listener of this.listeners) await listener(tx, expired);
        return true;
      });
      if (done) announced += 1;
    }
    return announced;
  }
}
