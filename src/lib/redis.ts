import { Redis, type RedisOptions } from 'ioredis';

/** Longest wait between two reconnection attempts. */
const MAX_BACKOFF_MS = 10_000;
/** How long a clean QUIT may take at shutdown before the socket is simply dropped. */
const QUIT_TIMEOUT_MS = 1_000;

export interface LinkLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export type LinkStatus = 'ok' | 'down';

/**
 * Every Redis connection of one process, watched as one dependency. Connections reconnect
 * with exponential backoff (0.2 s doubling to 10 s); the outage is logged once when it starts and
 * once when every connection is back, never per attempt. Features ask `up` to choose their fallback.
 */
export class RedisLink {
  private readonly clients: Redis[] = [];
  private downSince: number | null = null;
  private lastCode: string | null = null;
  private log: LinkLog | null = null;
  private closing = false;

  constructor(private readonly url: string) {}

  /** A new connection. Commands sent while it reconnects fail after one retry instead of waiting. */
  connect(options: RedisOptions = {}): Redis {
    const client = new Redis(this.url, {
      maxRetriesPerRequest: 1,
      retryStrategy: (attempt: number) => Math.min(200 * 2 ** Math.min(attempt - 1, 6), MAX_BACKOFF_MS),
      ...options,
    });
    client.on('error', (error: NodeJS.ErrnoException) => this.lost(error.code ?? error.name));
    client.on('close', () => this.lost(null));
    client.on('ready', () => this.regained());
    this.clients.push(client);
    return client;
  }

  /** False from the first lost connection until every connection is ready again. */
  get up(): boolean {
    return this.downSince === null;
  }

  status(): { status: LinkStatus; since?: string; error?: string } {
    if (this.downSince === null && this.clients.every((c) => c.status === 'ready')) return { status: 'ok' };
    return {
      status: 'down',
      ...(this.downSince !== null ? { since: new Date(this.downSince).toISOString() } : {}),
      ...(this.lastCode ? { error: this.lastCode } : {}),
    };
  }

  /** Where outage and recovery are reported; an outage already under way is reported at once. */
  watch(log: LinkLog): void {
    this.log = log;
    if (this.downSince !== null) this.reportDown();
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(
      this.clients.map(async (client) => {
        if (client.status !== 'ready') return client.disconnect();
        const timer = setTimeout(() => client.disconnect(), QUIT_TIMEOUT_MS);
        await client.quit().catch(() => client.disconnect());
        clearTimeout(timer);
      }),
    );
  }

  private lost(code: string | null): void {
    if (code) this.lastCode = code;
    if (this.downSince !== null || this.closing) return;
    this.downSince = Date.now();
    this.reportDown();
  }

  private regained(): void {
    if (this.downSince === null || !this.clients.every((c) => c.status === 'ready')) return;
    const downForMs = Date.now() - this.downSince;
    this.downSince = null;
    this.lastCode = null;
    this.log?.info({ dependency: 'redis', downForMs }, 'redis is back: counters and cache invalidation shared again');
  }

  private reportDown(): void {
    this.log?.warn(
      { dependency: 'redis', error: this.lastCode },
      'redis is unavailable: counting limits in the database and invalidating caches locally until it is back',
    );
  }
}
