import { sql, type Kysely } from 'kysely';
import { chunks, dialectOf, keyShare } from '../../../db/dialect.js';
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

/** Targets per statement when building a month's breakdowns. */
const COMPACT_CHUNK = 500;

/** The events store's own upkeep: lifetime totals, clearing a target, compaction, retention. */
export class EventsRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  /** Lifetime counted events per target (the Code's `scans`, a link's `clicks`). */
  async totals(targetIds: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const ids of chunks(targetIds, 1000)) {
      const rows = await this.db
        .selectFrom('event_totals')
        .select(['target_id', 'total'])
        .where('target_id', 'in', ids)
        .execute();
      for (const r of rows) out.set(r.target_id, Number(r.total));
    }
    return out;
  }

  /**
   * Destroys a target's history in one transaction: events, rollups, breakdowns, lifetime total,
   * today's visitor hashes, excluded counts and the alerts raised from it. Returns the events removed.
   */
  async clearTarget(accountId: string, targetId: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('events')
        .where('target_id', '=', targetId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      // The lifetime total first: a month's compaction holds it (key share) while it builds the target's
      // monthly rows, so their deletion here waits for those rows, never misses them.
      const tables = ['event_totals', 'event_rollups', 'event_breakdowns', 'event_breakdowns_monthly', 'excluded_hits'] as const;
      for (const table of tables) {
        await trx.deleteFrom(table).where('target_id', '=', targetId).where('account_id', '=', accountId).execute();
      }
      await trx.deleteFrom('daily_visitors').where('target_id', '=', targetId).execute();
      await trx.deleteFrom('alerts').where('code_id', '=', targetId).where('account_id', '=', accountId).execute();
      return Number(removed.numDeletedRows);
    });
  }

  /**
   * Compacts the month after the last compacted one if it is at most `through`: its monthly breakdowns
   * are built as the sums of its daily ones and the month is recorded as compacted, in one transaction
   * Returns the month, or null when none is due or another instance has just done it.
   * On a store where no month is compacted yet, the months before its first recorded day hold nothing
   * and are recorded as compacted first.
   */
  async compactNextMonth(through: number, now: number): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      let last = await compactedThrough(trx);
      if (last === null) {
        const first = await trx
          .selectFrom('event_rollups')
          .select((eb) => eb.fn.min('day').as('day'))
          .executeTakeFirst();
        if (first?.day === null || first?.day === undefined) return null;
        last = monthOf(Number(first.day)) - 1;
        await this.claimMonth(trx, last, now);
      }
      const month = last + 1;
      if (month > through || !(await this.claimMonth(trx, month, now))) return null;
      const dialect = dialectOf(trx);
      // Target by target (their keys lead both tables), so each statement reads only the month's rows.
      for (let after: string | null = null; ;) {
        let targets = trx.selectFrom('event_totals').select('target_id').orderBy('target_id').limit(COMPACT_CHUNK);
        if (after !== null) targets = targets.where('target_id', '>', after);
        const ids = (await keyShare(targets, dialect).execute()).map((r) => r.target_id);
        if (ids.length === 0) return month;
        await trx
          .insertInto('event_breakdowns_monthly')
          .columns(['target_id', 'account_id', 'dimension', 'value', 'month', 'events'])
          .expression(
            trx
              .selectFrom('event_breakdowns')
              .select(['target_id', 'account_id', 'dimension', 'value', sql.lit(month).as('month')])
              .select(sql<number>`sum(events)`.as('events'))
              .where('target_id', 'in', ids)
              .where('day', '>=', firstDayOf(month))
              .where('day', '<', firstDayOf(month + 1))
              .groupBy(['target_id', 'account_id', 'dimension', 'value']),
          )
          // Rows kept for this month before it was compacted (stores upgraded mid-month) are replaced.
          .onConflict((oc) =>
            oc.columns(['target_id', 'month', 'dimension', 'value']).doUpdateSet({ events: (eb) => eb.ref('excluded.events') }),
          )
          .execute();
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

  /** Deletes up to `limit` raw events that occurred before `cutoff`, oldest first; returns how many went. */
  async deleteOlderThan(cutoff: number, limit: number): Promise<number> {
    return deleteOlderThan(this.db, cutoff, limit);
  }
}
