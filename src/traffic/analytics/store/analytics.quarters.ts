import { sql, type Kysely } from 'kysely';
import { chunks } from '../../../db/dialect.js';
import type { Schema } from '../../../db/schema.js';
import { decodeCounts, type Counts } from '../../events/store/counts.js';
import type { Figures, GridCell, Piece } from '../../events/events.sink.js';

/**
 * Reads of the quarter-of-an-hour rollups, for a set of target integers: a zone's days and hours are
 * whole numbers of quarters, so grouping quarters by (quarter + the zone's shift) gives them exactly.
 */

/** The first UTC day whose events all have quarter rows; it never changes once the store has it. */
export async function quarterStartOf(db: Kysely<Schema>): Promise<number> {
  const row = await db.selectFrom('event_quarter_start').select('day').executeTakeFirst();
  return row === undefined ? 0 : Number(row.day);
}

const quarters = (db: Kysely<Schema>, ids: readonly number[], from: number, to: number) =>
  db.selectFrom('event_quarters').where('target', 'in', ids).where('quarter', '>=', from).where('quarter', '<', to);

/** Events and uniques per bucket, floor((quarter + shift) / size), over the piece. */
export async function bucketsOf(
  db: Kysely<Schema>,
  targets: readonly number[],
  piece: Piece,
  size: number,
): Promise<Map<number, Figures>> {
  const out = new Map<number, Figures>();
  if (piece.from >= piece.to) return out;
  for (const ids of chunks(targets, 1000)) {
    const rows = await quarters(db, ids, piece.from, piece.to)
      .select([
        sql<number>`(quarter + ${sql.lit(piece.shift)}) / ${sql.lit(size)}`.as('bucket'),
        sql<number>`sum(events)`.as('events'),
        sql<number>`sum(uniques)`.as('uniques'),
      ])
      .groupBy('bucket')
      .execute();
    for (const r of rows) add(out, Number(r.bucket), Number(r.events), Number(r.uniques));
  }
  return out;
}

/** Events per weekday (0 = Monday; 1970-01-01 was a Thursday) and hour of the zone over the pieces. */
export async function gridOf(db: Kysely<Schema>, targets: readonly number[], pieces: readonly Piece[]): Promise<GridCell[]> {
  const cells = new Map<number, number>();
  for (const piece of pieces) {
    if (piece.from >= piece.to) continue;
    const local = sql`(quarter + ${sql.lit(piece.shift)})`;
    for (const ids of chunks(targets, 1000)) {
      const rows = await quarters(db, ids, piece.from, piece.to)
        .select([
          sql<number>`(${local} / 96 + 3) % 7`.as('weekday'),
          sql<number>`(${local} / 4) % 24`.as('hour'),
          sql<number>`sum(events)`.as('events'),
        ])
        .groupBy(['weekday', 'hour'])
        .execute();
      for (const r of rows) {
        const key = Number(r.weekday) * 24 + Number(r.hour);
        cells.set(key, (cells.get(key) ?? 0) + Number(r.events));
      }
    }
  }
  return [...cells].map(([key, events]) => ({ weekday: Math.floor(key / 24), hour: key % 24, events }));
}

/** Events and uniques per target over the quarter ranges. */
export async function quarterSumsByTarget(
  db: Kysely<Schema>,
  targets: readonly number[],
  ranges: readonly [number, number][],
): Promise<Map<number, Figures>> {
  const out = new Map<number, Figures>();
  for (const [from, to] of ranges) {
    for (const ids of chunks(targets, 1000)) {
      const rows = await quarters(db, ids, from, to)
        .select(['target', sql<number>`sum(events)`.as('events'), sql<number>`sum(uniques)`.as('uniques')])
        .groupBy('target')
        .execute();
      for (const r of rows) add(out, Number(r.target), Number(r.events), Number(r.uniques));
    }
  }
  return out;
}

/** The packed counts of the quarter ranges, added into `into`. */
export async function quarterCounts(
  db: Kysely<Schema>,
  targets: readonly number[],
  ranges: readonly [number, number][],
  into: Counts,
): Promise<void> {
  for (const [from, to] of ranges) {
    for (const ids of chunks(targets, 1000)) {
      const rows = await quarters(db, ids, from, to).select('counts').execute();
      for (const r of rows) decodeCounts(r.counts, into);
    }
  }
}

function add(out: Map<number, Figures>, key: number, events: number, uniques: number): void {
  const found = out.get(key);
  if (found) {
    found.events += events;
    found.uniques += uniques;
  } else out.set(key, { events, uniques });
}
