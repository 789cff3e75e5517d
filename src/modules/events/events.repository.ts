import { sql, type Kysely, type Selectable } from 'kysely';
import { idFloorAt } from '../../lib/ids.js';
import { chunks, dialectOf, keyShare } from '../../db/dialect.js';
import type { EventsTable, Schema } from '../../db/schema.js';
import { firstDayOf, monthOf, type Device, type Dimension, type EventType, type StoredEvent } from './events.types.js';

/**
 * A window of days as day ranges at its ends plus the whole months between (inclusive bounds). Only
 * months up to `horizon` (the last compacted month) count as whole months; the days of any later
 * month go into the range at the end.
 */
export function splitWindow(
  from: number,
  to: number,
  horizon = Infinity,
): { ranges: [number, number][]; months: [number, number] | null } {
  // The whole months: from the first that starts in the window to the last that ends in it, or the
  // horizon if that is earlier.
  const first = firstDayOf(monthOf(from)) === from ? monthOf(from) : monthOf(from) + 1;
  const last = Math.min(monthOf(to + 1) - 1, horizon);
  if (first > last) return { ranges: [[from, to]], months: null };
  const ranges: [number, number][] = [];
  if (firstDayOf(first) > from) ranges.push([from, firstDayOf(first) - 1]);
  if (firstDayOf(last + 1) <= to) ranges.push([firstDayOf(last + 1), to]);
  return { ranges, months: [first, last] };
}

/**
 * The last compacted month (ADR 0017): every month up to it has its monthly breakdowns built from
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

const toEvent = (row: Selectable<EventsTable>): StoredEvent => ({
  id: row.id,
  accountId: row.account_id,
  type: row.type as EventType,
  targetId: row.target_id,
  codeId: row.code_id,
  linkId: row.link_id,
  occurredAt: Number(row.occurred_at),
  placement: row.placement,
  country: row.country,
  region: row.region,
  city: row.city,
  os: row.os,
  device: row.device as Device | null,
  browser: row.browser,
});

export interface EventPageQuery {
  accountId: string;
  limit: number;
  codeId?: string;
  type?: EventType;
  /** Only events with a smaller id (older) than this one. */
  before?: string;
}

export interface DayRow {
  day: number;
  events: number;
  uniques: number;
}

/** Reads of events and their rollups; analytics never read raw events. */
export class EventsRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  /** Newest first, walking (account_id[, target_id | type], id) backwards: O(limit) at any size. */
  async page(q: EventPageQuery): Promise<StoredEvent[]> {
    let query = this.db.selectFrom('events').selectAll().where('account_id', '=', q.accountId);
    // A code's events are the ones targeting it (its scans): the per-target index serves them.
    if (q.codeId !== undefined) query = query.where('target_id', '=', q.codeId).where('code_id', '=', q.codeId);
    if (q.type !== undefined) query = query.where('type', '=', q.type);
    if (q.before !== undefined) query = query.where('id', '<', q.before);
    const rows = await query.orderBy('id', 'desc').limit(q.limit).execute();
    return rows.map(toEvent);
  }

  async days(accountId: string, targetId: string, from: number, to: number): Promise<DayRow[]> {
    const rows = await this.db
      .selectFrom('event_rollups')
      .select(['day', 'events', 'uniques'])
      .where('target_id', '=', targetId)
      .where('account_id', '=', accountId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .execute();
    return rows.map((r) => ({ day: Number(r.day), events: Number(r.events), uniques: Number(r.uniques) }));
  }

  /**
   * Events per value of every dimension over the window, largest first: whole compacted months from
   * the monthly rollup, every other day (the partial months at either end, the months not compacted
   * yet) from the daily one, so even ten years read few rows.
   */
  async breakdowns(
    accountId: string,
    targetId: string,
    from: number,
    to: number,
  ): Promise<{ dimension: Dimension; value: string; events: number }[]> {
    const { ranges, months } = splitWindow(from, to, (await compactedThrough(this.db)) ?? -Infinity);
    const totals = new Map<string, { dimension: Dimension; value: string; events: number }>();
    const add = (rows: { dimension: string; value: string; events: number }[]) => {
      for (const r of rows) {
        const key = `${r.dimension}|${r.value}`;
        const found = totals.get(key);
        if (found) found.events += Number(r.events);
        else totals.set(key, { dimension: r.dimension as Dimension, value: r.value, events: Number(r.events) });
      }
    };
    for (const [start, end] of ranges) {
      add(
        await this.db
          .selectFrom('event_breakdowns')
          .select(['dimension', 'value', sql<number>`sum(events)`.as('events')])
          .where('target_id', '=', targetId)
          .where('account_id', '=', accountId)
          .where('day', '>=', start)
          .where('day', '<=', end)
          .groupBy(['dimension', 'value'])
          .execute(),
      );
    }
    if (months) {
      add(
        await this.db
          .selectFrom('event_breakdowns_monthly')
          .select(['dimension', 'value', sql<number>`sum(events)`.as('events')])
          .where('target_id', '=', targetId)
          .where('account_id', '=', accountId)
          .where('month', '>=', months[0])
          .where('month', '<=', months[1])
          .groupBy(['dimension', 'value'])
          .execute(),
      );
    }
    return [...totals.values()].sort((a, b) => b.events - a.events || a.value.localeCompare(b.value));
  }

  /** Events and daily uniques per target over the window. */
  async perTarget(
    accountId: string,
    targetIds: readonly string[],
    from: number,
    to: number,
  ): Promise<Map<string, { events: number; uniques: number }>> {
    const out = new Map<string, { events: number; uniques: number }>();
    for (const ids of chunks(targetIds, 1000)) {
      const rows = await this.db
        .selectFrom('event_rollups')
        .select(['target_id', sql<number>`sum(events)`.as('events'), sql<number>`sum(uniques)`.as('uniques')])
        .where('target_id', 'in', ids)
        .where('account_id', '=', accountId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('target_id')
        .execute();
      for (const r of rows) out.set(r.target_id, { events: Number(r.events), uniques: Number(r.uniques) });
    }
    return out;
  }

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

  /** Excluded (automated or HEAD) hits per day, for an account or one of its targets. */
  async excluded(accountId: string, targetId: string | null, from: number, to: number): Promise<Map<number, number>> {
    let query = this.db
      .selectFrom('excluded_hits')
      .select(['day', sql<number>`sum(hits)`.as('hits')])
      .where('account_id', '=', accountId)
      .where('day', '>=', from)
      .where('day', '<=', to);
    if (targetId !== null) query = query.where('target_id', '=', targetId);
    const rows = await query.groupBy('day').execute();
    return new Map(rows.map((r) => [Number(r.day), Number(r.hits)]));
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
   * (ADR 0017). Returns the month, or null when none is due or another instance has just done it.
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

  /** Deletes up to `limit` raw events that occurred before `cutoff`; returns how many went. */
  async deleteOlderThan(cutoff: number, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('events')
      // An event's id is a UUIDv7 of the time it occurred: the primary key finds the old ones.
      .where('id', 'in', (eb) => eb.selectFrom('events').select('id').where('id', '<', idFloorAt(cutoff)).limit(limit))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
