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

/**
 * The query layer's connection: a write outside a transaction runs in one of its own, begun in turn
 * (`WriteTurns`), so it never waits for the lock with the thread asleep.
 */
class TurnTakingConnection implements DatabaseConnection {
  constructor(
    private readonly inner: DatabaseConnection,
    private readonly turns: WriteTurns,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.turns.inTransaction || !(WRITES.test(query.sql) || WRITING_CTE.test(query.sql)))
      return this.inner.executeQuery<R>(query);
    await this.turns.begin();
    try {
      const result = await this.inner.executeQuery<R>(query);
      await this.inner.executeQuery(CompiledQuery.raw('commit'));
      return result;
    } catch (error) {
      await this.inner.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
      throw error;
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/** Kysely's SQLite driver with transactions begun IMMEDIATE, in turn (ADR 0164). */
class TurnTakingDriver extends SqliteDriver {
  private connection: TurnTakingConnection | null = null;

  constructor(
    config: SqliteDialectConfig,
    private readonly turns: WriteTurns,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await super.acquireConnection();
    // One connection, held by one caller at a time (the driver's lock): one wrapper serves them all.
    this.connection ??= new TurnTakingConnection(inner, this.turns);
    return this.connection;
  }

  override async beginTransaction(): Promise<void> {
    await this.turns.begin();
  }
}

/** The dialect of a store file that other connections write too (the events writer's, other processes'). */
export class TurnTakingSqliteDialect extends SqliteDialect {
  constructor(
    private readonly settings: SqliteDialectConfig,
    private readonly turns: WriteTurns,
  ) {
    super(settings);
  }

  override createDriver(): Driver {
    return new TurnTakingDriver(this.settings, this.turns);
  }
}
