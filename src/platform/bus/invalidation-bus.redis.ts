import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RedisLink } from '../../lib/redis.js';
import { CREDENTIALS, isCredentials, LocalInvalidationBus, type Invalidation } from './invalidation-bus.js';

/** How long closing waits for messages still on their way to Redis (a CLI command's last publish). */
const CLOSE_WAIT_MS = 2_000;

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
  /** Messages handed to the publisher and not yet acknowledged by Redis. */
  private readonly sending = new Set<Promise<unknown>>();
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
    const sent: Promise<unknown> = this.publisher
      .publish(this.channel, JSON.stringify(message))
      .catch(() => undefined)
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
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

  /**
   * Waits (at most CLOSE_WAIT_MS) for the messages still on their way: a process that publishes and
   * exits at once, as an admin CLI command does, often does so before its connection is made, and the
   * RedisLink, which owns the connections and closes them next, would drop them unsent.
   */
  override async close(): Promise<void> {
    if (this.sending.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)));
    await Promise.race([Promise.all(this.sending), waited]);
    clearTimeout(timer);
  }
}
