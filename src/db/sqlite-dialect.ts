import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDialectConfig,
} from 'kysely';
import type { WriteTurns } from './sqlite-turns.js';

/** A statement that writes rows, outside a transaction: it takes the write lock in turn like one. */
const WRITES = /^\s*(insert|update|delete|replace)\b/i;
const WRITING_CTE = /^\s*with\b[\s\S]*\b(insert|update|delete)\b/i;
/** A statement that only reads: a SELECT, or a WITH that modifies no data. */
const READS = /^\s*(select|with)\b/i;

/** A prepared statement, as the read connection's statement cache hands it out. */
interface ReadStatement {
  all(parameters: readonly unknown[]): unknown[];
}

/** A second connection to the same file that only reads. */
export interface ReadConnection {
  prepare(sql: string): ReadStatement;
  close(): void;
}

/** Whether a statement may run on the read connection. */
const onlyReads = (sql: string): boolean => READS.test(sql) && !WRITING_CTE.test(sql);

/**
 * The query layer's connection, one per caller that acquires it. A write outside a transaction runs
 * in one of its own, begun in turn (`WriteTurns`), so it never waits for the lock with the thread
 * asleep. With a read connection, a SELECT from a caller that has not taken the writing connection
 * runs there at once: it never queues behind another caller's transaction, nor behind a
 * write waiting for the lock. Anything else takes the writing connection first, in turn with the
 * store's other callers, and keeps it until the caller releases it.
 */
class TurnTakingConnection implements DatabaseConnection {
  /** The writing connection, once this caller has asked for it, until it releases it. */
  private taken: Promise<DatabaseConnection> | null = null;

  constructor(
    private readonly driver: TurnTakingDriver,
    private readonly reader: ReadConnection | null,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.taken && this.reader && onlyReads(query.sql)) {
      return { rows: this.reader.prepare(query.sql).all(query.parameters) as R[] };
    }
    const inner = await this.take();
    const turns = this.driver.turns;
    if (turns.inTransaction || !(WRITES.test(query.sql) || WRITING_CTE.test(query.sql))) return inner.executeQuery<R>(query);
    await turns.begin();
    try {
      const result = await inner.executeQuery<R>(query);
      await inner.executeQuery(CompiledQuery.raw('commit'));
      return result;
    } catch (error) {
      await inner.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
      throw error;
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.take()).streamQuery<R>(query, chunkSize);
  }

  /** The writing connection, taken once for this caller (it waits while another caller holds it). */
  take(): Promise<DatabaseConnection> {
    this.taken ??= this.driver.writing();
    return this.taken;
  }

  /** Gives the writing connection back, if this caller took it. */
  release(): void {
    if (!this.taken) return;
    this.taken = null;
    this.driver.released();
  }
}

/** Kysely's SQLite driver with transactions begun IMMEDIATE, in turn, and reads on their own connection. */
class TurnTakingDriver extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    readonly turns: WriteTurns,
    private readonly reader: ReadConnection | null,
  ) {
    super(config);
  }

  /** A connection of the caller's own; the writing connection is taken only when a statement needs it. */
  override async acquireConnection(): Promise<DatabaseConnection> {
    return new TurnTakingConnection(this, this.reader);
  }

  /** The writing connection, held by one caller at a time (Kysely's lock around it). */
  writing(): Promise<DatabaseConnection> {
    return super.acquireConnection();
  }

  released(): void {
    void super.releaseConnection();
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as TurnTakingConnection).take();
    await this.turns.begin();
  }

  // Kysely's type for the SQLite driver omits the connection its callers pass.
  override async releaseConnection(connection?: DatabaseConnection): Promise<void> {
    (connection as TurnTakingConnection | undefined)?.release();
  }

  override async destroy(): Promise<void> {
    this.reader?.close();
    await super.destroy();
  }
}

/** The dialect of a store file that other connections write too (the events writer's, other processes'). */
export class TurnTakingSqliteDialect extends SqliteDialect {
  constructor(
    private readonly settings: SqliteDialectConfig,
    private readonly turns: WriteTurns,
    private readonly reader: ReadConnection | null = null,
  ) {
    super(settings);
  }

  override createDriver(): Driver {
    return new TurnTakingDriver(this.settings, this.turns, this.reader);
  }
}
