import type { Config } from './config/config.js';
import { openDatabase, type Database, type OpenOptions } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import type { Clock } from './lib/clock.js';
import { AccountsRepository } from './modules/accounts/accounts.repository.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { AlertsRepository } from './modules/alerts/alerts.repository.js';
import { AlertsService } from './modules/alerts/alerts.service.js';
import { EventBatchRepository } from './modules/events/events.batch.repository.js';
import { MmdbGeoLocator } from './modules/events/events.geo.js';
import { EventRecorder } from './modules/events/events.recorder.js';
import { EventsRepository } from './modules/events/events.repository.js';
import { SaltsRepository, VisitorSalts } from './modules/events/events.salts.js';
import { EventsService } from './modules/events/events.service.js';
import type { CounterStore } from './modules/limits/counter-store.js';
import { RedisCounterStore } from './modules/limits/counter-store.redis.js';
import { SqlCounterStore } from './modules/limits/counter-store.sql.js';
import { LimitsService } from './modules/limits/limits.service.js';
import { TokensRepository } from './modules/tokens/tokens.repository.js';
import { TokensService } from './modules/tokens/tokens.service.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { UsersService } from './modules/users/users.service.js';

/** The parts of the outside world every surface shares. */
export interface Infrastructure {
  config: Config;
  database: Database;
  counters: CounterStore;
  clock: Clock;
  close(): Promise<void>;
}

/** The product's services: the one domain layer that REST, CLI and MCP all call. */
export interface Services {
  clock: Clock;
  accounts: AccountsService;
  users: UsersService;
  tokens: TokensService;
  limits: LimitsService;
  /** The HitRecorder every surface records through (the serving process calls `start`). */
  recorder: EventRecorder;
  events: EventsService;
  alerts: AlertsService;
}

export interface InfrastructureOptions {
  clock: Clock;
  database?: OpenOptions;
  /** Prefix for Redis keys (tests isolate runs with it). */
  redisPrefix?: string;
}

/** Opens the store (migrating it) and the counter store chosen by the configuration. */
export async function openInfrastructure(config: Config, options: InfrastructureOptions): Promise<Infrastructure> {
  const database = openDatabase(config.databaseUrl, options.database);
  try {
    await migrateToLatest(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  const counters: CounterStore = config.redisUrl
    ? new RedisCounterStore(config.redisUrl, options.clock, options.redisPrefix)
    : new SqlCounterStore(database.db);
  return {
    config,
    database,
    counters,
    clock: options.clock,
    async close() {
      await counters.close();
      await database.close();
    },
  };
}

/** The composition root of the domain layer: each service gets only what it uses. */
export function buildServices(infra: Pick<Infrastructure, 'config' | 'database' | 'counters' | 'clock'>): Services {
  const { db } = infra.database;
  const { clock } = infra;
  const saltsRepo = new SaltsRepository(db);
  const alerts = new AlertsService(new AlertsRepository(db), clock);
  const recorder = new EventRecorder({
    db,
    clock,
    geo: new MmdbGeoLocator({ files: infra.config.events.geoipFiles, headers: infra.config.events.geoHeaders }),
    salts: new VisitorSalts(saltsRepo, clock),
    batches: new EventBatchRepository(),
  });
  recorder.onBatch(alerts.onBatch);
  const accountsRepo = new AccountsRepository(db);
  const usersRepo = new UsersRepository(db);
  const tokensRepo = new TokensRepository(db);
  return {
    clock,
    accounts: new AccountsService(db, accountsRepo, usersRepo, clock),
    users: new UsersService(usersRepo, accountsRepo, clock),
    tokens: new TokensService(tokensRepo, usersRepo, accountsRepo, clock),
    limits: new LimitsService(infra.counters, clock),
    recorder,
    events: new EventsService(new EventsRepository(db), saltsRepo, clock, () => recorder.flush()),
    alerts,
  };
}
