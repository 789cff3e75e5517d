/** An ending whose resolution changed: `domain` is '' for the PUBLIC_URL host. */
export interface EndingRef {
  domain: string;
  shortCode: string;
}

/** `null` means "anything may have changed" (e.g. after a lost connection): drop everything. */
export type InvalidationListener = (ref: EndingRef | null) => void;

/**
 * Tells every resolver cache that an ending changed. Publishing never throws and never waits:
 * local listeners run at once, other instances hear of it as soon as the transport delivers.
 */
export interface InvalidationBus {
  /** `null` tells every instance to drop everything (rare: e.g. a company suspended). */
  publish(ref: EndingRef | null): void;
  subscribe(listener: InvalidationListener): void;
  close(): Promise<void>;
}

/** One process: listeners are called synchronously. */
export class LocalInvalidationBus implements InvalidationBus {
  protected readonly listeners: InvalidationListener[] = [];

  publish(ref: EndingRef | null): void {
    this.notify(ref);
  }

  subscribe(listener: InvalidationListener): void {
    this.listeners.push(listener);
  }

  protected notify(ref: EndingRef | null): void {
    for (const listener of this.listeners) listener(ref);
  }

  async close(): Promise<void> {}
}
