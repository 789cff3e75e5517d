import type { CounterStore, Take, Taken } from './counter-store.js';

/**
 * Redis counters with the store's own counters behind them: while Redis is away, or when
 * a command to it fails, limits are counted in the database, which every instance shares too. Counts
 * made in one are not carried into the other, so an outage can grant at most one extra window.
 */
export class FallbackCounterStore implements CounterStore {
  constructor(
    private readonly primary: CounterStore,
    private readonly fallback: CounterStore,
    private readonly primaryUp: () => boolean,
  ) {}

  async take(key: string, limit: number, expiresAt: number): Promise<Taken> {
    if (this.primaryUp()) {
      try {
        return await this.primary.take(key, limit, expiresAt);
      } catch {
        // The RedisLink reports the outage; this request is counted in the database.
      }
    }
    return this.fallback.take(key, limit, expiresAt);
  }

  async takeThen(first: Take, second: Take & { take: boolean }): Promise<[Taken, Taken]> {
    if (this.primaryUp()) {
      try {
        return await this.primary.takeThen(first, second);
      } catch {
        // As in take.
      }
    }
    return this.fallback.takeThen(first, second);
  }

  async read(key: string): Promise<number> {
    if (this.primaryUp()) {
      try {
        return await this.primary.read(key);
      } catch {
        // As in take.
      }
    }
    return this.fallback.read(key);
  }

  async purgeExpired(now: number): Promise<void> {
    await this.fallback.purgeExpired(now);
    await this.primary.purgeExpired(now);
  }

  async close(): Promise<void> {
    await this.primary.close();
    await this.fallback.close();
  }
}
