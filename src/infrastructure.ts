import type { Config } from './config/config.js';
import { absorbCountersFile } from './db/counters-file.js';
import { openDatabase, sqliteFileOf, type Database, type OpenOptions } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import type { Clock } from './lib/clock.js';
import { RedisLink } from './lib/redis.js';
import { moveLegacyEvents, type MoveProgress } from './traffic/index.js';
import {
  FallbackCounterStore,
  LocalInvalidationBus,
  RedisCounterStore,
  RedisInvalidationBus,
  SmtpTransport,
  SqlCounterStore,
  type CounterStore,
  type InvalidationBus,
  type MailTransport,
} from './platform/index.js';

/** The parts of the outside world every surface shares. */
export interface Infrastructure {
  config: Config;
  database: Database;
  counters: CounterStore;
  /** SMTP delivery when SMTP_URL is set; otherwise mail stays in the outbox. */
  mailTransport: MailTransport | null;
  /** Tells every instance's resolver cache that an ending changed. */
  bus: InvalidationBus;
  /** The Redis connections when REDIS_URL is set: watched for /healthz and the outage log. */
  redis: RedisLink | null;
  clock: Clock;
  close(): Promise<void>;
}

export interface InfrastructureOptions {
  clock: Clock;
  database?: OpenOptions;
  /** Prefix for Redis keys (tests isolate runs with it). */
  redisPrefix?: string;
  /** Cache invalidation without Redis when the default (this process only) is not enough: a cluster's workers. */
  localBus?: () => InvalidationBus;
  /** Where the start reports long work (moving an upgraded store's events), at info level. */
  log?: StartLog;
}

/** A logger as the start needs one (pino's and Fastify's are). */
export interface StartLog {
  info(fields: object, message: string): void;
}

/** How often at most the move of an upgraded store's events reports its progress. */
const PROGRESS_EVERY_MS = 5_000;

const MOVED_TABLES: Record<string, string> = {
  events: 'events',
  event_rollups: 'daily rollups',
  event_totals: 'lifetime totals',
  excluded_hits: 'excluded hits',
  daily_visitors: 'visitor hashes',
};

/** The move's progress as log lines: a table's first chunk, then every few seconds, and its end. */
function moveProgress(log: StartLog | undefined, clock: Clock): ((progress: MoveProgress) => void) | undefined {
  if (!log) return undefined;
  let table = '';
  let last = 0;
  return ({ table: name, moved, total }) => {
    if (total === 0) return;
    const now = clock.now();
    if (name === table && moved < total && now - last < PROGRESS_EVERY_MS) return;
    table = name;
    last = now;
    const what = MOVED_TABLES[name] ?? name;
    log.info({ table: name, moved, total }, `moving ${what} to the compact store: ${moved} of ${total}`);
  };
}

/**
 * Opens the store (migrating it, then moving an upgraded store's events into the compact tables, which
 * resumes where a stopped start left it) and the counter store chosen by the configuration.
 */
export async function openInfrastructure(config: Config, options: InfrastructureOptions): Promise<Infrastructure> {
  const database = openDatabase(config.databaseUrl, {
    schema: config.databaseSchema ?? undefined,
    readUrl: config.databaseReadUrl ?? undefined,
    ...options.database,
  });
  try {
    await migrateToLatest(database);
    const started = options.clock.now();
    const { moved } = await moveLegacyEvents(database.db, { log: moveProgress(options.log, options.clock) });
    if (moved > 0) options.log?.info({ moved, ms: options.clock.now() - started }, `moved ${moved} events to the compact store`);
  } catch (error) {
    await database.close();
    throw error;
  }
  const redis = config.redisUrl ? new RedisLink(config.redisUrl) : null;
  const sqlCounters = await storeCounters(database, config.databaseUrl).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const counters: CounterStore = redis
    ? new FallbackCounterStore(
        new RedisCounterStore(redis.connect(), options.clock, options.redisPrefix),
        sqlCounters,
        () => redis.up,
      )
    : sqlCounters;
  const mailTransport = config.smtpUrl ? new SmtpTransport(config.smtpUrl, config.mailFrom) : null;
  const bus: InvalidationBus = redis
    ? new RedisInvalidationBus(redis, options.redisPrefix)
    : (options.localBus?.() ?? new LocalInvalidationBus());
  return {
    config,
    database,
    counters,
    mailTransport,
    bus,
    redis,
    clock: options.clock,
    async close() {
      await mailTransport?.close();
      await bus.close();
      await counters.close();
      await redis?.close();
      await database.close();
    },
  };
}

/** The store's counters; a SQLite store first takes back those of its former counters file. */
async function storeCounters(database: Database, url: string): Promise<SqlCounterStore> {
  const file = sqliteFileOf(url);
  if (file !== null) await absorbCountersFile(database, file);
  return new SqlCounterStore(database.db);
}
