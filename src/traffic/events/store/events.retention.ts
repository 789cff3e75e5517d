import type { Kysely } from 'kysely';
import { dropPartition, ensureRangesAhead, eventPartitions } from '../../../db/partitions.js';
import type { Schema } from '../../../db/schema.js';

/**
 * Retention of raw events by time on both engines, and the PostgreSQL partitions by ranges of `seq`
 * (db/partitions.ts) it drops whole. Events carry no index on `at`: the time an event occurred is found
 * through `seq`, since events are stored in the order they are recorded, so `at` grows with `seq`. A
 * replayed late event is stored out of that order: around it retention is approximate, by at most how
 * late it was replayed.
 */

export { ensureRangesAhead };

/** The first event at or after `seq` (or the first of all), with the time it occurred. */
async function firstFrom(db: Kysely<Schema>, seq: number | null): Promise<{ seq: number; at: number } | null> {
  let q = db.selectFrom('events').select(['seq', 'at']).orderBy('seq').limit(1);
  if (seq !== null) q = q.where('seq', '>=', seq);
  const row = await q.executeTakeFirst();
  return row ? { seq: Number(row.seq), at: Number(row.at) } : null;
}

/**
 * The largest seq of an event that occurred before `cutoffMs`, or null when there is none. A binary
 * search over seq, each step one index probe for the first event at or after a seq: at most about
 * log2 of the span of seqs stored (some 25 to 40 probes), whatever the number of events. On SQLite
 * `seq` is the rowid; on PostgreSQL each partition has an index on it.
 */
export async function seqBefore(db: Kysely<Schema>, cutoffMs: number): Promise<number | null> {
  const first = await firstFrom(db, null);
  if (first === null || first.at >= cutoffMs) return null;
  const last = await db.selectFrom('events').select(['seq', 'at']).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  if (last === undefined) return null;
  if (Number(last.at) < cutoffMs) return Number(last.seq);
  // `lo` is an event before the cutoff; every event from `hi` on is at or after it.
  let lo = first.seq;
  let hi = Number(last.seq);
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    // The event at `hi` at the latest (none only if deleted meanwhile: then none from `mid` on counts).
    const found = await firstFrom(db, mid);
    if (found !== null && found.at < cutoffMs) lo = found.seq;
    else hi = mid;
  }
  return lo;
}

/**
 * Detaches and drops every range partition (PostgreSQL) whose whole range is at or below
 * seqBefore(cutoffMs); returns the events they held, counted before the drop (a scan of a table about
 * to go, far cheaper than deleting its rows). 0 on SQLite; the rows left before the cutoff are
 * deleteOlderThan's.
 */
export async function dropRangesBefore(db: Kysely<Schema>, cutoffMs: number): Promise<number> {
  const parts = await eventPartitions(db);
  if (parts.length === 0) return 0;
  const last = await seqBefore(db, cutoffMs);
  if (last === null) return 0;
  let removed = 0;
  for (const part of parts) {
    if (part.to !== null && part.to - 1 <= last) removed += await dropPartition(db, part.name);
  }
  return removed;
}

/**
 * Deletes up to `limit` of the events before `cutoffMs` (those at or below seqBefore), oldest first;
 * returns how many went. Callers repeat until fewer than `limit` go.
 */
export async function deleteOlderThan(db: Kysely<Schema>, cutoffMs: number, limit: number): Promise<number> {
  const last = await seqBefore(db, cutoffMs);
  if (last === null) return 0;
  const result = await db
    .deleteFrom('events')
    // The bound is repeated outside the subquery so a partitioned store plans the delete over the old
    // ranges only, instead of probing every partition for each chunk.
    .where('seq', '<=', last)
    .where('seq', 'in', (eb) => eb.selectFrom('events').select('seq').where('seq', '<=', last).orderBy('seq').limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
