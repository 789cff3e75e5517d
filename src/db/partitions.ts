import { sql, type Kysely } from 'kysely';
import { dialectOf } from './dialect.js';
import type { Schema } from './schema.js';

/**
 * The events table by ranges of `seq` on PostgreSQL. Range number r holds the seqs from r × size up to
 * (r + 1) × size, in a partition named after r (`events_r000001`); every partition carries the parent's
 * indexes. `events_default` catches the events of a range that has no partition yet (a burst faster
 * than the partition job); creating that range's partition later moves its rows over. SQLite keeps one
 * table: every function here does nothing there.
 */

/**
 * Events per partition: at about 150 bytes an event with its indexes a partition is about 1.2 GB, few
 * enough partitions for the planner over years of a busy store, and small enough steps for retention.
 */
export const RANGE_SIZE = 2 ** 23;

export const rangeName = (range: number): string => `events_r${String(range).padStart(6, '0')}`;

export interface EventPartition {
  name: string;
  /** The lower bound (inclusive), or null for the default partition. */
  from: number | null;
  /** The upper bound (exclusive), or null for the default partition. */
  to: number | null;
}

/** Runs `fn` in a transaction: the caller's when it is one already (a migration), else a new one. */
const inTransaction = <T>(db: Kysely<Schema>, fn: (trx: Kysely<Schema>) => Promise<T>): Promise<T> =>
  db.isTransaction ? fn(db) : db.transaction().execute(fn);

/** The partitions of `events` with their bounds, lowest first, the default one last; [] on SQLite. */
export async function eventPartitions(db: Kysely<Schema>): Promise<EventPartition[]> {
  if (dialectOf(db) !== 'postgres') return [];
  const { rows } = await sql<{ name: string; bound: string }>`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
      from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent
     where p.relname = 'events' and p.relnamespace = current_schema()::regnamespace`.execute(db);
  const parts = rows.map(({ name, bound }): EventPartition => {
    // FOR VALUES FROM ('0') TO ('8388608'), or DEFAULT.
    const [from, to] = [...bound.matchAll(/\(\s*'?(-?\d+)'?\s*\)/g)].map((m) => Number(m[1]));
    return { name, from: from ?? null, to: to ?? null };
  });
  return parts.sort((a, b) => (a.from === null ? 1 : b.from === null ? -1 : a.from - b.from));
}

/**
 * Makes sure the partitions of the range holding the sequence's current value and of the next one
 * exist, so writers keep landing in a partition while the job runs hourly. Each is created as a plain
 * table, given the rows the default partition caught for its range and then attached, in one
 * transaction under a lock that lets one creator at a time through; a range overlapping an existing
 * partition is skipped. Returns the partitions created ([] on SQLite). `size` is for tests: a store
 * keeps one size for good, since a range is found by its bounds afterwards.
 */
export async function ensureRangesAhead(db: Kysely<Schema>, size: number = RANGE_SIZE): Promise<string[]> {
  if (dialectOf(db) !== 'postgres') return [];
  const { rows } = await sql<{ last: number | string; called: boolean }>`
    select last_value as last, is_called as called from events_seq`.execute(db);
  // The next seq to be handed out: last_value, or the one after it once it has been handed out.
  const next = Number(rows[0]!.last) + (rows[0]!.called ? 1 : 0);
  const current = Math.floor(next / size);
  const created: string[] = [];
  for (const range of [current, current + 1]) {
    const name = rangeName(range);
    const from = range * size;
    const to = from + size;
    const made = await inTransaction(db, async (trx) => {
      // One creator at a time per store (it also holds off writers into the default partition while its
      // rows move): the lock lasts until this transaction ends, and the next creator then sees the table.
      await sql`lock table events_default in share row exclusive mode`.execute(trx);
      const parts = await eventPartitions(trx);
      if (parts.some((p) => p.from !== null && p.to !== null && p.from < to && p.to > from)) return false;
      await sql`create table ${sql.id(name)} (like events including defaults including constraints)`.execute(trx);
      await sql`
        with moved as (delete from events_default where seq >= ${from} and seq < ${to} returning *)
        insert into ${sql.id(name)} select * from moved`.execute(trx);
      await sql`alter table events attach partition ${sql.id(name)} for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(
        trx,
      );
      return true;
    });
    if (made) created.push(name);
  }
  return created;
}

/** Detaches and drops a range partition; returns the events it held (counted before the drop). */
export async function dropPartition(db: Kysely<Schema>, name: string): Promise<number> {
  return inTransaction(db, async (trx) => {
    await sql`alter table events detach partition ${sql.id(name)}`.execute(trx);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(name)}`.execute(trx);
    await sql`drop table ${sql.id(name)}`.execute(trx);
    return rows[0]?.n ?? 0;
  });
}
