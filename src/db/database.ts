import { mkdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';
import pg from 'pg';
import { postgresBulk, sqliteBulk, type BulkWriter } from './bulk.js';
import { startCheckpointer } from './sqlite-checkpointer.js';
import { StorePostgresDialect } from './introspector.js';
import type { Schema } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

/** The store: a typed query builder plus the name of the engine behind it. */
export interface Database {
  readonly db: Kysely<Schema>;
  readonly dialect: DialectName;
  /** PostgreSQL only: the schema worked in, when not the default one. */
  readonly schema?: string;
  /** PostgreSQL with DATABASE_READ_URL: the streaming replica's query builder. */
  readonly replica: Kysely<Schema> | null;
  /** Many-row writes in the engine's fastest form (the events writer's). */
  readonly bulk: BulkWriter;
  /**
   * SQLite: whether a query waits for the store's one connection now, so the events writer may keep
   * its transaction open for the next chunk of a batch while none does.
   */
  readonly othersWaiting?: () => boolean;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL only: the schema to work in (tests use one fresh schema per run). */
  schema?: string;
  /** PostgreSQL only: pool size. */
  poolSize?: number;
  /** PostgreSQL only: a streaming replica for reads that may lag (DATABASE_READ_URL). */
  readUrl?: string;
}

const INT8_OID = 20;

/** A SQLite store's file (resolved), or null for PostgreSQL and the in-memory store. */
export function sqliteFileOf(url: string): string | null {
  if (!url.startsWith('sqlite:')) return null;
  const path = url.slice('sqlite:'.length);
  return path === ':memory:' ? null : resolve(path);
}

export function openDatabase(url: string, options: OpenOptions = {}): Database {
  return url.startsWith('sqlite:') ? openSqlite(sqliteFileOf(url) ?? ':memory:') : openPostgres(url, options);
}

/**
 * How long a write waits for SQLite's lock while another process (the CLI, a backup) holds it.
 * One process serves a SQLite store, so only such a short outside write ever holds it.
 */
const LOCK_WAIT_MS = 5_000;

/**
 * A SQLite connection with the settings every file of qrelay's shares: WAL, and a wait for a busy lock.
 * `pageSize` applies to a file made by this call (a file that already holds a store keeps its own).
 */
function connectSqlite(file: string, pageSize?: number): BetterSqlite3.Database {
  const sqlite = new BetterSqlite3(file);
  // Before WAL: a new file takes its page size from its first write, and a WAL file never changes it.
  if (pageSize !== undefined) sqlite.pragma(`page_size = ${pageSize}`);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`busy_timeout = ${LOCK_WAIT_MS}`);
  return sqlite;
}

/**
 * Kysely's SQLite driver, which hands the one connection to one caller at a time, with every
 * transaction begun IMMEDIATE (one that reads, then writes, never fails to upgrade its lock) and a
 * count of the callers waiting for the connection.
 */
class SqliteTurnsDriver extends SqliteDriver {
  waiting = 0;

  override async acquireConnection(): Promise<DatabaseConnection> {
    this.waiting += 1;
    try {
      return await super.acquireConnection();
    } finally {
      this.waiting -= 1;
    }
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class SqliteTurnsDialect extends SqliteDialect {
  readonly driver: SqliteTurnsDriver;

  constructor(settings: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(settings);
    this.driver = new SqliteTurnsDriver(settings);
  }

  override createDriver(): Driver {
    return this.driver;
  }
}

/** The query layer over one SQLite connection, its prepared statements reused, and whether a caller waits for it. */
function sqliteQueries(sqlite: BetterSqlite3.Database): { db: Kysely<Schema>; othersWaiting: () => boolean } {
  const dialect = new SqliteTurnsDialect({ database: withStatementCache(sqlite) });
  return { db: new Kysely<Schema>({ dialect }), othersWaiting: () => dialect.driver.waiting > 0 };
}

/**
 * The page size of a new store: the events writer dirties a few pages of each of the events
 * indexes per target in every batch, and larger pages mean fewer of them, so fewer WAL frames and
 * system calls per event. A store made before keeps its 4 KiB pages.
 */
export const STORE_PAGE_SIZE = 16_384;

/** Each connection's page cache: 64 MiB (a negative `cache_size` is in KiB). */
const CACHE_SIZE = -65_536;

/**
 * One connection for the whole process: every query of a SQLite store runs on it in turn, so the
 * events writer and the API never wait for each other's lock, only for each other's transaction.
 */
function openSqlite(file: string): Database {
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true });
    // The empty lock-turn marker that releases before 2026-12 kept beside the store.
    rmSync(`${file}-waiting`, { force: true });
  }
  const sqlite = connectSqlite(file, STORE_PAGE_SIZE);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`cache_size = ${CACHE_SIZE}`);
  // A file store's checkpoints run on a thread of their own, never in a commit on this one.
  if (file !== ':memory:') sqlite.pragma('wal_autocheckpoint = 0');
  const stopCheckpoints = file === ':memory:' ? async () => undefined : startCheckpointer(file);
  const { db, othersWaiting } = sqliteQueries(sqlite);
  return {
    db,
    dialect: 'sqlite',
    replica: null,
    bulk: sqliteBulk(sqlite),
    othersWaiting,
    close: async () => {
      await stopCheckpoints();
      await db.destroy();
    },
  };
}

const STATEMENT_CACHE = 512;

/**
 * Reuses prepared statements by their SQL text (the query layer would prepare every query anew).
 * Safe because the one connection runs one statement at a time and no query is streamed.
 */
function withStatementCache(sqlite: BetterSqlite3.Database) {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

function openPostgres(url: string, options: OpenOptions): Database {
  const schema = options.schema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const db = postgresBuilder(url, options);
  const replica = options.readUrl ? postgresBuilder(options.readUrl, options) : null;
  return {
    db,
    dialect: 'postgres',
    schema: options.schema,
    replica,
    bulk: postgresBulk(),
    close: async () => {
      await replica?.destroy();
      await db.destroy();
    },
  };
}

/**
 * A pool and its query builder. Nothing here holds session state between transactions (no named
 * prepared statements, no SET, no advisory lock), so a PgBouncer in transaction mode may sit in front;
 * the schema a test store works in is a start-up option, which PgBouncer must be told to pass on or
 * ignore (docs/deploy.md).
 */
function postgresBuilder(url: string, options: OpenOptions): Kysely<Schema> {
  const schema = options.schema;
  const pool = new pg.Pool({
    connectionString: url,
    // Set at connection start-up, so no query can run before the search path is in force.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    max: options.poolSize ?? 10,
    // Counts and epoch-millisecond times fit in a double; read bigint as number.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? (v: string) => Number(v)
          : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  return new Kysely<Schema>({ dialect: new StorePostgresDialect({ pool }) });
}
