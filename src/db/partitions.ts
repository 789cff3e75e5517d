import { sql, type Kysely } from 'kysely';
import { idFloorAt } from '../lib/ids.js';
import { dialectOf } from './dialect.js';
import type { Schema } from './schema.js';

/**
 * The events table by month on PostgreSQL. It is partitioned by RANGE of its id: an
 * event's id is a UUIDv7 of the time it occurred, so the ids of one UTC month form one range, the
 * primary key stays `id` alone (a replayed event is still one `ON CONFLICT (id)` away) and every
 * partition carries the parent's indexes. `events_default` catches an event of a month that has no
 * partition yet (a clock far ahead); creating that month's partition later moves its rows over.
 * SQLite keeps one table: every function here does nothing there.
 */

/** Months of partitions kept ready after the current one (by 0016, then by the partition job). */
export const MONTHS_AHEAD = 3;

/** A month as the number of months since January 1970 (UTC). */
export type MonthIndex = number;

export const monthIndexOf = (ms: number): MonthIndex => {
  const d = new Date(ms);
  return (d.getUTCFullYear() - 1970) * 12 + d.getUTCMonth();
};

export const monthStartMs = (month: MonthIndex): number => Date.UTC(1970 + Math.floor(month / 12), month % 12, 1);

export const partitionName = (month: MonthIndex): string => {
  const year = 1970 + Math.floor(month / 12);
  return `events_${year}_${String((month % 12) + 1).padStart(2, '0')}`;
};

export interface EventPartition {
  name: string;
  /** The lower bound's id, or null for MINVALUE (the partition holding a store's history before 0016). */
  from: string | null;
  /** The upper bound's id (exclusive), or null for the default partition. */
  to: string | null;
}

/** Runs `fn` in a transaction: the caller's when it is one already (a migration), else a new one. */
const inTransaction = <T>(db: Kysely<Schema>, fn: (trx: Kysely<Schema>) => Promise<T>): Promise<T> =>
  db.isTransaction ? fn(db) : db.transaction().execute(fn);

export async function isPartitioned(db: Kysely<Schema>): Promise<boolean> {
  if (dialectOf(db) !== 'postgres') return false;
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_partitioned_table p
      join pg_class c on c.oid = p.partrelid
     where c.relname = 'events' and c.relnamespace = current_schema()::regnamespace`.execute(db);
  return (rows[0]?.n ?? 0) > 0;
}

/** The partitions of `events` with their bounds, oldest first, the default one last. */
export async function eventPartitions(db: Kysely<Schema>): Promise<EventPartition[]> {
  if (!(await isPartitioned(db))) return [];
  const { rows } = await sql<{ name: string; bound: string }>`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
      from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent
     where p.relname = 'events' and p.relnamespace = current_schema()::regnamespace`.execute(db);
  const parts = rows.map(({ name, bound }): EventPartition => {
    if (bound === 'DEFAULT') return { name, from: null, to: null };
    const [from, to] = [...bound.matchAll(/\('([^']*)'\)|\(MINVALUE\)/g)].map((m) => m[1] ?? null);
    return { name, from: from ?? null, to: to ?? null };
  });
  return parts.sort((a, b) => (a.to === null ? 1 : b.to === null ? -1 : a.to < b.to ? -1 : 1));
}

/**
 * Makes sure the months `first` .. `last` have their partitions. A month whose range overlaps an
 * existing partition (the pre-0016 history) is skipped; rows the default partition caught for the
 * month are moved into it, in the same transaction. Returns the partitions created.
 */
export async function ensureMonthPartitions(db: Kysely<Schema>, first: MonthIndex, last: MonthIndex): Promise<string[]> {
  if (!(await isPartitioned(db))) return [];
  const created: string[] = [];
  for (let month = first; month <= last; month += 1) {
    const name = partitionName(month);
    const from = idFloorAt(monthStartMs(month));
    const to = idFloorAt(monthStartMs(month + 1));
    const exists = await inTransaction(db, async (trx) => {
      // One creator at a time per store: the lock lasts until this transaction ends.
      await sql`lock table events_default in share row exclusive mode`.execute(trx);
      const parts = await eventPartitions(trx);
      const overlaps = parts.some((p) => p.to !== null && (p.from ?? '') < to && p.to > from);
      if (overlaps) return true;
      await sql`create table ${sql.id(name)} (like events including defaults including constraints)`.execute(trx);
      await sql`
        with moved as (delete from events_default where id >= ${from} and id < ${to} returning *)
        insert into ${sql.id(name)} select * from moved`.execute(trx);
      await sql`alter table events attach partition ${sql.id(name)} for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(
        trx,
      );
      return false;
    });
    if (!exists) created.push(name);
  }
  return created;
}

/**
 * Drops every partition whose whole range is older than `cutoffMs` (never the default one) and
 * returns the number of events they held (counted before the drop: a scan of a table about to go,
 * far cheaper than deleting its rows). The rows left before the cutoff are the caller's to delete.
 */
export async function dropPartitionsBefore(db: Kysely<Schema>, cutoffMs: number): Promise<number> {
  const cutoff = idFloorAt(cutoffMs);
  const old = (await eventPartitions(db)).filter((p) => p.to !== null && p.to <= cutoff);
  let removed = 0;
  for (const part of old) {
    removed += await inTransaction(db, async (trx) => {
      await sql`alter table events detach partition ${sql.id(part.name)}`.execute(trx);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(part.name)}`.execute(trx);
      await sql`drop table ${sql.id(part.name)}`.execute(trx);
      return rows[0]?.n ?? 0;
    });
  }
  return removed;
}
