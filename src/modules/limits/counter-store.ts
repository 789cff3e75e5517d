/**
 * Shared windowed counters for rate limits and allowances. `take` is atomic: of any number of
 * concurrent callers, exactly `limit - current` succeed.
 */
export interface CounterStore {
  /** Adds one to `key` unless it has reached `limit`; the counter is forgotten after `expiresAt`. */
  take(key: string, limit: number, expiresAt: number): Promise<{ taken: boolean; count: number }>;
  /** The current value (0 when absent). */
  read(key: string): Promise<number>;
  /** Drops counters whose window has passed. */
  purgeExpired(now: number): Promise<void>;
  close(): Promise<void>;
}
