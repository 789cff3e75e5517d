import { PostgresAdapter, sql, type Kysely } from 'kysely';
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
 * The upsert-increment: `ON CONFLICT ... DO UPDATE SET column = table.column + excluded.column`. Both
 * engines accept this form; a caller adds a whole batch's counts in one statement, never a row lock
 * per event.
 */
export const incremented = (table: string, column: string) =>
  sql<number>`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`;

/** Rows per multi-row insert: well under SQLite's 32,766 bound variables for any of our tables. */
export const INSERT_CHUNK = 500;

export function chunks<T>(rows: readonly T[], size = INSERT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Stores a table in its primary key's order where the engine allows it (SQLite `WITHOUT ROWID`), so a
 * rollup read is one range scan of the table itself. PostgreSQL reads the key's index either way.
 */
export const clusteredByKey = (db: Kysely<any>) => (dialectOf(db) === 'sqlite' ? sql`without rowid` : sql``);
