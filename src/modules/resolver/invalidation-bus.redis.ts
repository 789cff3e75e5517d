import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RedisLink } from '../../lib/redis.js';
import { CREDENTIALS, isCredentials, LocalInvalidationBus, type Invalidation } from './invalidation-bus.js';

/**
 * Invalidation across instances over Redis pub/sub. Local listeners run at once; the message
 * reaches the other instances within milliseconds. After the subscription reconnects, messages
 * may have been missed, so listeners are told to drop everything.
 */
export class RedisInvalidationBus extends LocalInvalidationBus {
  private readonly origin = randomBytes(8).toString('hex');
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  private connectedOnce = false;
  /** Resolves once the subscription is in place. */
  readonly ready: Promise<void>;

  constructor(
    private readonly link: RedisLink,
    prefix = 'qrelay:',
  ) {
    super();
    this.channel = `${prefix}invalidate`;
    this.publisher = link.connect();
    this.subscriber = link.connect({ maxRetriesPerRequest: null });
    this.subscriber.on('message', (_channel: string, message: string) => this.receive(message));
    this.subscriber.on('ready', () => {
      if (this.connectedOnce) this.notify(null);
      this.connectedOnce = true;
    });
    this.ready = this.subscriber.subscribe(this.channel).then(() => undefined);
    // A process that closes before the subscription is made (a quick CLI command) rejects it with
    // "Connection is closed": whoever awaits `ready` sees that; nobody else must crash on it.
    this.ready.catch(() => undefined);
  }

  override publish(ref: Invalidation): void {
    this.notify(ref);
    // While Redis is away other instances hear nothing; their caches drop everything when it is back.
    if (!this.link.up) return;
    const message =
      ref === null
        ? { o: this.origin, all: true }
        : isCredentials(ref)
          ? { o: this.origin, credentials: true }
          : { o: this.origin, d: ref.domain, s: ref.shortCode };
    this.publisher.publish(this.channel, JSON.stringify(message)).catch(() => undefined);
  }

  private receive(message: string): void {
    try {
      const { o, d, s, all, credentials } = JSON.parse(message) as {
        o: string;
        d?: string;
        s?: string;
        all?: boolean;
        credentials?: boolean;
      };
      if (o === this.origin) return;
      if (all === true) this.notify(null);
      else if (credentials === true) this.notify(CREDENTIALS);
      else if (typeof d === 'string' && typeof s === 'string') this.notify({ domain: d, shortCode: s });
    } catch {
      // A malformed message changes nothing.
    }
  }

  /** The connections belong to the RedisLink, which closes them. */
  override async close(): Promise<void> {}
}
