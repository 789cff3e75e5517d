import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import { postgresBulk, sqliteBulk, type BulkWriter } from './bulk.js';
import { StorePostgresDialect } from './introspector.js';
import { TurnTakingSqliteDialect } from './sqlite-dialect.js';
import { assignCheckpoints } from './sqlite-checkpoints.js';
import { LOCK_WAIT_MS, WriteTurns } from './sqlite-turns.js';
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
   * SQLite, on a connection that gives way: whether another connection waits for the write lock now,
   * so the events writer may keep one transaction open for a whole batch while none does.
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
  /**
   * SQLite only: this connection writes in transactions back to back (the events writer's) and lets
   * connections waiting for the write lock go first between them. It is also the one
   * connection that checkpoints the file's write-ahead log.
   */
  givesWay?: boolean;
  /** SQLite only, with `givesWay`: how long the connection stays idle before it checkpoints what others wrote. */
  idleCheckpointMs?: number;
}

const INT8_OID = 20;

/** A SQLite store's file (resolved), or null for PostgreSQL and the in-memory store. */
export function sqliteFileOf(url: string): string | null {
  if (!url.startsWith('sqlite:')) return null;
  const path = url.slice('sqlite:'.length);
  return path === ':memory:' ? null : resolve(path);
}

export function openDatabase(url: string, options: OpenOptions = {}): Database {
  return url.startsWith('sqlite:') ? openSqlite(sqliteFileOf(url) ?? ':memory:', options) : openPostgres(url, options);
}

/**
 * A SQLite connection with the settings every file of qrelay's shares: WAL, and a wait for a busy lock.
 * `pageSize` applies to a file made by this call (a file that already holds a store keeps its own).
 */
export function connectSqlite(file: string, pageSize?: number): BetterSqlite3.Database {
  const sqlite = new BetterSqlite3(file);
  // Before WAL: a new file takes its page size from its first write, and a WAL file never changes it.
  if (pageSize !== undefined) sqlite.pragma(`page_size = ${pageSize}`);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`busy_timeout = ${LOCK_WAIT_MS}`);
  return sqlite;
}

/**
 * The query layer over one SQLite connection, its prepared statements reused. With `turns`, its
 * writes take the write lock in turn with the file's other connections, never waiting asleep.
 */
export function sqliteQueries(
  sqlite: BetterSqlite3.Database,
  turns?: WriteTurns,
  reader?: BetterSqlite3.Database,
): Kysely<Schema> {
  const settings = { database: withStatementCache(sqlite) };
  return new Kysely<Schema>({
    dialect: turns
      ? new TurnTakingSqliteDialect(settings, turns, reader ? withStatementCache(reader) : null)
      : new SqliteDialect(settings),
  });
}

/**
 * The store file's second connection, for reads outside a transaction: SQLite's WAL lets it
 * read the last commit while the writing connection waits for the write lock or holds a transaction.
 */
function readConnection(file: string): BetterSqlite3.Database {
  const reader = connectSqlite(file);
  reader.pragma('query_only = 1');
  reader.pragma(`cache_size = ${CACHE_SIZE}`);
  return reader;
}

/**
 * The page size of a new store: the events writer dirties a few pages of each of the events
 * indexes per target in every batch, and larger pages mean fewer of them, so fewer WAL frames and
 * system calls per event. A store made before keeps its 4 KiB pages.
 */
export const STORE_PAGE_SIZE = 16_384;

/** Each connection's page cache: 64 MiB (a negative `cache_size` is in KiB). */
const CACHE_SIZE = -65_536;

function openSqlite(file: string, options: OpenOptions): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = connectSqlite(file, STORE_PAGE_SIZE);
  sqlite.pragma('foreign_keys = ON');
  // 64 MiB of page cache, and a checkpoint every ~40 MiB of WAL rather than every 4 MiB: the events
  // writer dirties the same rollup pages batch after batch, and each checkpoint copies a page once.
  // Only the events writer's connection checkpoints.
  sqlite.pragma(`cache_size = ${CACHE_SIZE}`);
  const stopCheckpoints = assignCheckpoints(sqlite, file !== ':memory:' && options.givesWay === true, options.idleCheckpointMs);
  const turns = new WriteTurns(sqlite, file === ':memory:' ? null : `${file}-waiting`, options.givesWay ?? false);
  const db = sqliteQueries(sqlite, turns, file === ':memory:' ? undefined : readConnection(file));
  return {
    db,
    dialect: 'sqlite',
    replica: null,
    bulk: sqliteBulk(sqlite),
    othersWaiting: turns.othersWaiting,
    close: () => {
      stopCheckpoints();
      return db.destroy();
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
