/** One counter to take from: add one to `key` unless it has reached `limit`; forget it after `expiresAt`. */
export interface Take {
  key: string;
  limit: number;
  expiresAt: number;
}

export interface Taken {
  taken: boolean;
  count: number;
}

/**
 * Shared windowed counters for rate limits and allowances. `take` is atomic: of any number of
 * concurrent callers, exactly `limit - current` succeed.
 */
export interface CounterStore {
  /** Adds one to `key` unless it has reached `limit`; the counter is forgotten after `expiresAt`. */
  take(key: string, limit: number, expiresAt: number): Promise<Taken>;
  /**
   * Takes `first`, then `second` only if `first` was taken and `second.take` is set; otherwise reads
   * `second` (`taken: false` with its current value). In one round trip where the store allows it:
   * a request's rate and its allowance.
   */
  takeThen(first: Take, second: Take & { take: boolean }): Promise<[Taken, Taken]>;
  /** The current value (0 when absent). */
  read(key: string): Promise<number>;
  /** Drops counters whose window has passed. */
  purgeExpired(now: number): Promise<void>;
  close(): Promise<void>;
}

/** `takeThen` as two calls in turn, for a store that has no cheaper way, or for a limit of 0. */
export async function takeInTurn(
  store: Pick<CounterStore, 'take' | 'read'>,
  first: Take,
  second: Take & { take: boolean },
): Promise<[Taken, Taken]> {
  const one = await store.take(first.key, first.limit, first.expiresAt);
  const two =
    one.taken && second.take
      ? await store.take(second.key, second.limit, second.expiresAt)
      : { taken: false, count: await store.read(second.key) };
  return [one, two];
}
