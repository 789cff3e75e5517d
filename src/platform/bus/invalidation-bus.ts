/** An ending whose resolution changed: `domain` is '' for the PUBLIC_URL host. */
export interface EndingRef {
  domain: string;
  shortCode: string;
}

/** Someone's access through API tokens narrowed (a revocation, a person's role or status): read tokens afresh. */
export interface CredentialsRef {
  credentials: true;
}

export const CREDENTIALS: CredentialsRef = { credentials: true };

/**
 * What changed: an ending, the credentials, or `null`, "anything may have changed" (e.g.
 * after a lost connection): drop everything, credentials included.
 */
export type Invalidation = EndingRef | CredentialsRef | null;

export const isCredentials = (ref: Invalidation): ref is CredentialsRef => ref !== null && 'credentials' in ref;

export type InvalidationListener = (ref: Invalidation) => void;

/**
 * Tells every resolver cache that an ending changed. Publishing never throws and never waits:
 * local listeners run at once, other instances hear of it as soon as the transport delivers.
 */
export interface InvalidationBus {
  /** `null` tells every instance to drop everything (rare: e.g. a company suspended). */
  publish(ref: Invalidation): void;
  subscribe(listener: InvalidationListener): void;
  close(): Promise<void>;
}

/** One process: listeners are called synchronously. */
export class LocalInvalidationBus implements InvalidationBus {
  protected readonly listeners: InvalidationListener[] = [];

  publish(ref: Invalidation): void {
    this.notify(ref);
  }

  subscribe(listener: InvalidationListener): void {
    this.listeners.push(listener);
  }

  protected notify(ref: Invalidation): void {
    for (const listener of this.listeners) listener(ref);
  }

  async close(): Promise<void> {}
}
