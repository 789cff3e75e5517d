import { sql, type Kysely, type Selectable } from 'kysely';
import { chunks } from '../../db/dialect.js';
import type { EventsTable, Schema } from '../../db/schema.js';
import { firstDayOf, monthOf, type Device, type Dimension, type EventType, type StoredEvent } from './events.types.js';

/** A window of days as day ranges at its ends plus the whole months between (inclusive bounds). */
export function splitWindow(from: number, to: number): { ranges: [number, number][]; months: [number, number] | null } {
  let first = monthOf(from);
  let last = monthOf(to);
  const ranges: [number, number][] = [];
  if (firstDayOf(first) !== from) {
    ranges.push([from, Math.min(to, firstDayOf(first + 1) - 1)]);
    first += 1;
  }
  if (first <= last && firstDayOf(last + 1) - 1 !== to) {
    ranges.push([Math.max(from, firstDayOf(last)), to]);
    last -= 1;
  }
  return { ranges, months: first <= last ? [first, last] : null };
}

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
   * Events per value of every dimension over the window, largest first: whole months from the monthly
   * rollup, the partial months at either end from the daily one, so even ten years read few rows.
   */
  async breakdowns(
    accountId: string,
    targetId: string,
    from: number,
    to: number,
  ): Promise<{ dimension: Dimension; value: string; events: number }[]> {
    const { ranges, months } = splitWindow(from, to);
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
      const tables = ['event_rollups', 'event_breakdowns', 'event_breakdowns_monthly', 'event_totals', 'excluded_hits'] as const;
      for (const table of tables) {
        await trx.deleteFrom(table).where('target_id', '=', targetId).where('account_id', '=', accountId).execute();
      }
      await trx.deleteFrom('daily_visitors').where('target_id', '=', targetId).execute();
      await trx.deleteFrom('alerts').where('code_id', '=', targetId).where('account_id', '=', accountId).execute();
      return Number(removed.numDeletedRows);
    });
  }

  /** Deletes up to `limit` raw events that occurred before `cutoff`; returns how many went. */
  async deleteOlderThan(cutoff: number, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('events')
      .where('id', 'in', (eb) => eb.selectFrom('events').select('id').where('occurred_at', '<', cutoff).limit(limit))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
