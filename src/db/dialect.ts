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
 * Row locking for work queues: on PostgreSQL claimed rows are locked and rows locked by another
 * instance are skipped; SQLite has a single writer, so its statements are already serialised.
 */
export function skipLocked<QB extends { forUpdate(): QB; skipLocked(): QB }>(qb: QB, dialect: DialectName): QB {
  return dialect === 'postgres' ? qb.forUpdate().skipLocked() : qb;
}

/**
 * Holds the selected rows against deletion until the transaction ends, without blocking updates of
 * their other columns: PostgreSQL `FOR KEY SHARE`; SQLite's single writer already serialises.
 */
export function keyShare<QB extends { forKeyShare(): QB }>(qb: QB, dialect: DialectName): QB {
  return dialect === 'postgres' ? qb.forKeyShare() : qb;
}

/** A LIKE pattern matching `needle` anywhere, with its wildcards escaped (use with ESCAPE '\'). */
export function containsPattern(needle: string): string {
  return `%${escapeLike(needle)}%`;
}

/** `needle` with LIKE's wildcards and escape character escaped by a backslash. */
export const escapeLike = (needle: string): string => needle.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Serialises writers on one row for the rest of the transaction. PostgreSQL takes a row lock;
 * SQLite needs none, as its single connection already runs one transaction at a time.
 */
export async function lockRow(trx: Kysely<any>, table: string, id: string): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await sql`select id from ${sql.table(table)} where id = ${id} for update`.execute(trx);
}

/**
 * `column` for ORDER BY in code-point order on both engines: SQLite compares bytes already, while
 * PostgreSQL would follow the database's locale, so lists would sort differently per store.
 */
export function codePointOrder(db: Kysely<any>, column: string) {
  return dialectOf(db) === 'postgres' ? sql`${sql.ref(column)} collate "C"` : sql.ref(column);
}

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

/**
 * `n` new numbers of the events' sequence, ascending, inside the caller's transaction: PostgreSQL's
 * `events_seq`; on SQLite the table's AUTOINCREMENT counter, which an insert of a larger `seq` moves
 * on (its one writer makes the read and the insert one step). A number is never given twice, even
 * after the newest events are deleted.
 */
export async function nextEventSeqs(trx: Kysely<any>, n: number): Promise<number[]> {
  if (n === 0) return [];
  if (dialectOf(trx) === 'postgres') {
    const { rows } = await sql<{ seq: string }>`select nextval('events_seq') as seq from generate_series(1, ${n})`.execute(trx);
    return rows.map((r) => Number(r.seq)).sort((a, b) => a - b);
  }
  const { rows } = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'events'`.execute(trx);
  const base = Number(rows[0]?.seq ?? 0);
  return Array.from({ length: n }, (_, i) => base + i + 1);
}

/** Locks the selected rows until the transaction ends (PostgreSQL); SQLite's single writer already does. */
export function forUpdate<QB extends { forUpdate(): QB }>(qb: QB, dialect: DialectName): QB {
  return dialect === 'postgres' ? qb.forUpdate() : qb;
}
