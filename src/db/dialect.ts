import { PostgresAdapter, type Kysely } from 'kysely';
import type { DialectName } from './database.js';

/**
 * Where the two engines differ, in one place. Callers never branch on the dialect themselves.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** The engine behind a query builder (migrations receive only the builder). */
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * Row locking for work queues: on PostgreSQL claimed rows are locked and rows locked by another
 * instance are skipped; SQLite has a single writer, so its statements are already serialised.
 */
export function skipLocked<QB extends { forUpdate(): QB; skipLocked(): QB }>(qb: QB, dialect: DialectName): QB {
  return dialect === 'postgres' ? qb.forUpdate().skipLocked() : qb;
}
