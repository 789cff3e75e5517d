import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { Schema } from './schema.js';

/** The key of the lock migrations run under on PostgreSQL (any fixed number; this one is Kysely's). */
const MIGRATION_LOCK = sql.lit(BigInt('3853314791062309107'));

/**
 * PostgreSQL as Kysely's migrator sees it, minus its own lock: Kysely takes a session-level advisory
 * lock on a connection outside the migration's transaction. Behind PgBouncer in transaction mode the
 * lock, the transaction and the unlock can land on three server sessions, leaving the lock held by a
 * pooled session forever (every later migration then waits). qrelay takes a transaction-scoped lock
 * instead, first in the migration's one transaction (`underMigrationLock`).
 */
export class StorePostgresAdapter extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

/**
 * Runs `fn` in one transaction that first takes the migration lock (released by its commit or
 * rollback, whatever server session it ran on). `fn` gets the transaction dressed as a database whose
 * `connection()` is that same transaction, as Kysely's migrator asks for one when it runs without
 * transactions of its own.
 */
export function underMigrationLock<T>(db: Kysely<Schema>, fn: (db: Kysely<Schema>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    return fn(asConnection(trx));
  });
}

function asConnection(trx: Transaction<Schema>): Kysely<Schema> {
  const connection = { execute: <R>(run: (db: Kysely<Schema>) => Promise<R>) => run(trx) };
  return new Proxy(trx, {
    get(target, property) {
      if (property === 'connection') return () => connection;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
