import type { Kysely } from 'kysely';
import type { BulkWriter } from '../../../db/bulk.js';
import { MONTHS } from './event-tables.js';
import { chunks, dialectOf, keyShare } from '../../../db/dialect.js';
import { decodeCounts, encodeCounts, type Counts } from './counts.js';
import type { EventKeys } from './event-keys.js';
import type { Schema } from '../../../db/schema.js';
import { firstDayOf, monthOf } from '../events.types.js';
import { deleteOlderThan, dropRangesBefore, ensureRangesAhead } from './events.retention.js';

/**
 * The last compacted month: every month up to it has its monthly breakdowns built from
 * the daily ones. null while none is.
 */
export async function compactedThrough(db: Kysely<Schema>): Promise<number | null> {
  const row = await db
    .selectFrom('rollup_months')
    .select((eb) => eb.fn.max('month').as('month'))
    .executeTakeFirst();
  return row?.month === null || row?.month === undefined ? null : Number(row.month);
}

/** Targets per statement when building a month's rows. */
const COMPACT_CHUNK = 500;

/** The events store's own upkeep: lifetime totals, clearing a target, compaction, retention. */
export class EventsRepository {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly keys: EventKeys,
    private readonly bulk: BulkWriter,
  ) {}

  /** Lifetime counted events per target (the Code's `scans`, a link's `clicks`). */
  async totals(targetIds: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const ids of chunks(targetIds, 1000)) {
      const rows = await this.db.selectFrom('event_targets').select(['key', 'total']).where('key', 'in', ids).execute();
      for (const r of rows) out.set(r.key, Number(r.total));
    }
    return out;
  }

  /**
   * Destroys a target's history in one transaction: events, daily and monthly rows, lifetime total,
   * today's visitor hashes, excluded counts and the alerts raised from it. Returns the events removed.
   */
  async clearTarget(accountId: string, targetId: string): Promise<number> {
    const target = (await this.keys.targetsOf(accountId, [targetId])).get(targetId);
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('alerts').where('code_id', '=', targetId).where('account_id', '=', accountId).execute();
      if (target === undefined) return 0;
      // The target's row is deleted and made again with the same integer and a zero total: a month's
      // compaction holds it (key share) while it builds the target's monthly row, so this waits for
      // that row, never misses it.
      const row = await trx.selectFrom('event_targets').selectAll().where('id', '=', target).executeTakeFirstOrThrow();
      await trx.deleteFrom('event_targets').where('id', '=', target).execute();
      await trx.insertInto('event_targets').values({ id: target, account: row.account, key: row.key, total: 0 }).execute();
      const removed = await trx.deleteFrom('events').where('target', '=', target).executeTakeFirst();
      for (const table of ['event_days', 'event_months', 'event_quarters', 'excluded_hits', 'daily_visitors'] as const) {
        await trx.deleteFrom(table).where('target', '=', target).execute();
      }
      return Number(removed.numDeletedRows);
    });
  }

  /**
   * Compacts the month after the last compacted one if it is at most `through`: its monthly rows are
   * built as the sums of its daily ones and the month is recorded as compacted, in one transaction.
   * Returns the month, or null when none is due or another instance has just done it.
   * On a store where no month is compacted yet, the months before its first recorded day hold nothing
   * and are recorded as compacted first.
   */
  async compactNextMonth(through: number, now: number): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      let last = await compactedThrough(trx);
      if (last === null) {
        const first = await trx
          .selectFrom('event_days')
          .select((eb) => eb.fn.min('day').as('day'))
          .executeTakeFirst();
        if (first?.day === null || first?.day === undefined) return null;
        last = monthOf(Number(first.day)) - 1;
        await this.claimMonth(trx, last, now);
      }
      const month = last + 1;
      if (month > through || !(await this.claimMonth(trx, month, now))) return null;
      const dialect = dialectOf(trx);
      // Target by target (they lead both tables' keys), so each statement reads only the month's rows.
      for (let after = 0; ;) {
        const targets = trx.selectFrom('event_targets').select('id').where('id', '>', after).orderBy('id').limit(COMPACT_CHUNK);
        const ids = (await keyShare(targets, dialect).execute()).map((r) => Number(r.id));
        if (ids.length === 0) return month;
        const rows = await trx
          .selectFrom('event_days')
          .select(['target', 'events', 'uniques', 'counts'])
          .where('target', 'in', ids)
          .where('day', '>=', firstDayOf(month))
          .where('day', '<', firstDayOf(month + 1))
          .execute();
        const sums = new Map<number, { events: number; uniques: number; counts: Counts }>();
        for (const r of rows) {
          const target = Number(r.target);
          const sum = sums.get(target) ?? { events: 0, uniques: 0, counts: new Map() };
          sum.events += Number(r.events);
          sum.uniques += Number(r.uniques);
          decodeCounts(r.counts, sum.counts);
          sums.set(target, sum);
        }
        // Rows kept for this month before it was compacted (a late event) are replaced.
        await this.bulk.replace(
          trx,
          MONTHS,
          [...sums].map(([target, s]) => [target, month, s.events, s.uniques, encodeCounts(s.counts)]),
        );
        after = ids.at(-1)!;
      }
    });
  }

  /** Records a month as compacted; false if it already was (another instance got there first). */
  private async claimMonth(trx: Kysely<Schema>, month: number, now: number): Promise<boolean> {
    const rows = await trx
      .insertInto('rollup_months')
      .values({ month, compacted_at: now })
      .onConflict((oc) => oc.column('month').doNothing())
      .returning('month')
      .execute();
    return rows.length > 0;
  }

  /**
   * Retention on a partitioned store (PostgreSQL): drops the ranges of events wholly before `cutoff`
   * and returns the events they held; 0 on SQLite, whose one table is purged by rows.
   */
  async dropRangesBefore(cutoff: number): Promise<number> {
    return dropRangesBefore(this.db, cutoff);
  }

  /** Creates the partitions of the range being written and of the next one (PostgreSQL). */
  async ensureRangesAhead(): Promise<string[]> {
    return ensureRangesAhead(this.db);
  }

  /** Deletes the quarter rows before `quarter`, 500 targets per statement; returns how many went. */
  async deleteQuartersBefore(quarter: number): Promise<number> {
    let removed = 0;
    for (let after = 0; ;) {
      const rows = await this.db
        .selectFrom('event_targets')
        .select('id')
        .where('id', '>', after)
        .orderBy('id')
        .limit(500)
        .execute();
      if (rows.length === 0) return removed;
      const ids = rows.map((r) => Number(r.id));
      const result = await this.db
        .deleteFrom('event_quarters')
        .where('target', 'in', ids)
        .where('quarter', '<', quarter)
        .executeTakeFirst();
      removed += Number(result.numDeletedRows);
      after = ids.at(-1)!;
    }
  }

  /** Deletes up to `limit` raw events that occurred before `cutoff`, oldest first; returns how many went. */
  async deleteOlderThan(cutoff: number, limit: number): Promise<number> {
    return deleteOlderThan(this.db, cutoff, limit);
  }
}
