import { sql, type Kysely, type Selectable } from 'kysely';
import { chunks } from '../../../db/dialect.js';
import { idFloorAt, timeOfId } from '../../../lib/ids.js';
import { primaryOnly, type ReadRoute } from '../../../db/read-route.js';
import type { EventsTable, Schema } from '../../../db/schema.js';
import { compactedThrough } from '../../events/store/events.repository.js';
import { firstDayOf, monthOf, type Device, type Dimension, type EventType, type StoredEvent } from '../../events/events.types.js';

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
  /** The time now: the first page's walk starts from it (`before` carries its own time). */
  now?: number;
  /**
   * No event is older than this (the code's creation, less a margin for clocks): the walk's last step
   * stops here instead of reading every older month.
   */
  since?: number;
}

/**
 * How far back each step of the newest-first walk reaches, in days from its start (then the rest). Each
 * step bounds `id` from below, so on a store partitioned by month only a step's few partitions are
 * opened: a busy account's page is one step on one or two partitions, not an ordered scan started over
 * every month the store keeps.
 */
const PAGE_STEPS_DAYS = [31, 124, 496] as const;
const DAY_MS = 86_400_000;

export interface DayRow {
  day: number;
  events: number;
  uniques: number;
}

/** The read side of events: pages of raw events and the rollups analytics are built from. */
export class AnalyticsRepository {
  /** `route` sends an account's reads to the replica when there is one. */
  constructor(
    db: Kysely<Schema>,
    private readonly route: ReadRoute = primaryOnly(db),
  ) {}

  /** Newest first, walking (account_id[, target_id | type], id) backwards: O(limit) at any size. */
  async page(q: EventPageQuery): Promise<StoredEvent[]> {
    const db = await this.route.of(q.accountId);
    const query = () => {
      let query = db.selectFrom('events').selectAll().where('account_id', '=', q.accountId);
      // A code's events are the ones targeting it (its scans): the per-target index serves them.
      if (q.codeId !== undefined) query = query.where('target_id', '=', q.codeId).where('code_id', '=', q.codeId);
      if (q.type !== undefined) query = query.where('type', '=', q.type);
      if (q.before !== undefined) query = query.where('id', '<', q.before);
      return query.orderBy('id', 'desc');
    };
    const start = q.before !== undefined ? timeOfId(q.before) : q.now;
    if (start === undefined) return (await query().limit(q.limit).execute()).map(toEvent);
    const rows: Selectable<EventsTable>[] = [];
    const oldest = q.since === undefined ? null : idFloorAt(q.since);
    let below: string | undefined;
    for (const days of [...PAGE_STEPS_DAYS, null]) {
      const stepFloor = days === null ? null : idFloorAt(start - days * DAY_MS);
      // The last step: the unbounded one, or the one that reaches back past the oldest possible event.
      const last = stepFloor === null || (oldest !== null && stepFloor <= oldest);
      const floor = last ? oldest : stepFloor;
      let step = query();
      if (below !== undefined) step = step.where('id', '<', below);
      if (floor !== null) step = step.where('id', '>=', floor);
      rows.push(...(await step.limit(q.limit - rows.length).execute()));
      if (rows.length >= q.limit || last) break;
      below = floor!;
    }
    return rows.map(toEvent);
  }

  /**
   * Events of one target per type from `fromId` on (a UUIDv7 floor of the window's start), read from
   * the per-target index: a content's views and submissions share its target, so they are told apart
   * here rather than in the rollups.
   */
  async countByType(accountId: string, targetId: string, fromId: string): Promise<Map<string, number>> {
    const rows = await (
      await this.route.of(accountId)
    )
      .selectFrom('events')
      .select(['type', (eb) => eb.fn.countAll<number>().as('n')])
      .where('account_id', '=', accountId)
      .where('target_id', '=', targetId)
      .where('id', '>=', fromId)
      .groupBy('type')
      .execute();
    return new Map(rows.map((r) => [r.type, Number(r.n)]));
  }

  async days(accountId: string, targetId: string, from: number, to: number): Promise<DayRow[]> {
    const rows = await (
      await this.route.of(accountId)
    )
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
   * Events per value of every dimension over the window, summed over the targets, largest first: whole
   * compacted months from the monthly rollup, every other day (the partial months at either end, the
   * months not compacted yet) from the daily one, so even ten years read few rows.
   */
  async breakdowns(
    accountId: string,
    targetIds: readonly string[],
    from: number,
    to: number,
  ): Promise<{ dimension: Dimension; value: string; events: number }[]> {
    const db = await this.route.of(accountId);
    const { ranges, months } = splitWindow(from, to, (await compactedThrough(db)) ?? -Infinity);
    const totals = new Map<string, { dimension: Dimension; value: string; events: number }>();
    const add = (rows: { dimension: string; value: string; events: number }[]) => {
      for (const r of rows) {
        const key = `${r.dimension}|${r.value}`;
        const found = totals.get(key);
        if (found) found.events += Number(r.events);
        else totals.set(key, { dimension: r.dimension as Dimension, value: r.value, events: Number(r.events) });
      }
    };
    // The daily rows over each range of days, the monthly rows over the whole months: one shape.
    const sums = (
      table: 'event_breakdowns' | 'event_breakdowns_monthly',
      period: 'day' | 'month',
      ids: readonly string[],
      first: number,
      last: number,
    ) =>
      db
        .selectFrom(table)
        .select(['dimension', 'value', sql<number>`sum(events)`.as('events')])
        .where('target_id', 'in', ids)
        .where('account_id', '=', accountId)
        .where(sql.ref(period), '>=', first)
        .where(sql.ref(period), '<=', last)
        .groupBy(['dimension', 'value'])
        .execute();
    for (const ids of chunks(targetIds, 1000)) {
      for (const [start, end] of ranges) add(await sums('event_breakdowns', 'day', ids, start, end));
      if (months) add(await sums('event_breakdowns_monthly', 'month', ids, months[0], months[1]));
    }
    return [...totals.values()].sort((a, b) => b.events - a.events || a.value.localeCompare(b.value));
  }

  /** Events and daily uniques per day over the window, summed over the targets. */
  async daysOf(accountId: string, targetIds: readonly string[], from: number, to: number): Promise<Map<number, DayRow>> {
    const sums = await this.rollupSums('day', accountId, targetIds, from, to);
    return new Map([...sums].map(([day, figures]) => [Number(day), { day: Number(day), ...figures }]));
  }

  /** Events and daily uniques per target over the window. */
  async perTarget(
    accountId: string,
    targetIds: readonly string[],
    from: number,
    to: number,
  ): Promise<Map<string, { events: number; uniques: number }>> {
    return this.rollupSums('target_id', accountId, targetIds, from, to);
  }

  /** Sums of events and daily uniques of the targets over the window, by day or by target. */
  private async rollupSums(
    by: 'day' | 'target_id',
    accountId: string,
    targetIds: readonly string[],
    from: number,
    to: number,
  ): Promise<Map<string, { events: number; uniques: number }>> {
    const out = new Map<string, { events: number; uniques: number }>();
    const db = await this.route.of(accountId);
    for (const ids of chunks(targetIds, 1000)) {
      const rows = await db
        .selectFrom('event_rollups')
        .select([
          sql.ref<string | number>(by).as('key'),
          sql<number>`sum(events)`.as('events'),
          sql<number>`sum(uniques)`.as('uniques'),
        ])
        .where('target_id', 'in', ids)
        .where('account_id', '=', accountId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy(by)
        .execute();
      for (const r of rows) {
        const key = String(r.key);
        const found = out.get(key) ?? { events: 0, uniques: 0 };
        out.set(key, { events: found.events + Number(r.events), uniques: found.uniques + Number(r.uniques) });
      }
    }
    return out;
  }

  /** Excluded (automated or HEAD) hits per day, for the whole account (`null`) or a set of its targets. */
  async excluded(accountId: string, targetIds: readonly string[] | null, from: number, to: number): Promise<Map<number, number>> {
    const db = await this.route.of(accountId);
    const out = new Map<number, number>();
    for (const ids of targetIds === null ? [null] : chunks(targetIds, 1000)) {
      let query = db
        .selectFrom('excluded_hits')
        .select(['day', sql<number>`sum(hits)`.as('hits')])
        .where('account_id', '=', accountId)
        .where('day', '>=', from)
        .where('day', '<=', to);
      if (ids !== null) query = query.where('target_id', 'in', ids);
      for (const r of await query.groupBy('day').execute()) {
        out.set(Number(r.day), (out.get(Number(r.day)) ?? 0) + Number(r.hits));
      }
    }
    return out;
  }
}
