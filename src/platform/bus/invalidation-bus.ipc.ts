import { LocalInvalidationBus, type Invalidation } from './invalidation-bus.js';

/** An invalidation as it travels between the processes of one machine. */
export interface InvalidationMessage {
  qrelay: 'invalidate';
  ref: Invalidation;
}

export const isInvalidation = (m: unknown): m is InvalidationMessage =>
  (m as { qrelay?: string } | null)?.qrelay === 'invalidate';

/**
 * Invalidation between the processes of one machine without Redis (a cluster's workers): local
 * listeners run at once, and the message goes to the primary, which passes it to every other worker.
 */
export class IpcInvalidationBus extends LocalInvalidationBus {
  constructor(
    private readonly send: (message: InvalidationMessage) => void,
    onMessage: (listener: (message: unknown) => void) => void,
  ) {
    super();
    onMessage((message) => {
      if (isInvalidation(message)) this.notify(message.ref);
    });
  }

  override publish(ref: Invalidation): void {
    this.notify(ref);
    try {
      this.send({ qrelay: 'invalidate', ref });
    } catch {
      // The primary is gone: this process is about to stop with it.
    }
  }
}
