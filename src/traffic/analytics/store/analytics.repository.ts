import { sql, type Kysely, type Selectable } from 'kysely';
import { chunks } from '../../../db/dialect.js';
import { primaryOnly, type ReadRoute } from '../../../db/read-route.js';
import type { EventsTable, Schema } from '../../../db/schema.js';
import { decodeCounts, type Counts } from '../../events/store/counts.js';
import type { EventKeys } from '../../events/store/event-keys.js';
import type { DayRow, EventPageQuery, EventSource, Figures, GridCell, Piece, Span } from '../../events/events.sink.js';
import { bucketsOf, gridOf, quarterCounts, quarterStartOf, quarterSumsByTarget } from './analytics.quarters.js';

export type { DayRow, EventPageQuery };
import { compactedThrough } from '../../events/store/events.repository.js';
import {
  DIMENSIONS,
  EVENT_DIMENSIONS,
  TYPE_CODES,
  TYPE_OF_CODE,
  eventIdOf,
  firstDayOf,
  monthOf,
  type Device,
  type Dimension,
  type StoredEvent,
} from '../../events/events.types.js';
import { PLACE_DIMENSIONS, type PlaceDimension } from '../../events/places.js';

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

const ROLLUP_DIMENSIONS = new Set<string>([...DIMENSIONS, ...PLACE_DIMENSIONS]);

/** The read side of events: pages of raw events and the rollups analytics are built from. */
export class AnalyticsRepository implements EventSource {
  /** The store's first day with quarter rows, read once. */
  private start: Promise<number> | undefined;

  /** `route` sends an account's reads to the replica when there is one. */
  constructor(
    db: Kysely<Schema>,
    private readonly keys: EventKeys,
    private readonly route: ReadRoute = primaryOnly(db),
  ) {}

  /**
   * Newest recorded first. A code's page walks (target, seq) backwards, a type's (account, type, seq);
   * the account's whole page is each type's page merged, so every read is O(limit) at any size.
   */
  async page(q: EventPageQuery): Promise<StoredEvent[]> {
    const db = await this.route.of(q.accountId);
    const account = await this.keys.accountOf(q.accountId, db);
    if (account === null) return [];
    let target: number | undefined;
    if (q.codeId !== undefined) {
      target = (await this.keys.targetsOf(q.accountId, [q.codeId], db)).get(q.codeId);
      if (target === undefined) return [];
    }
    // A code's events are its scans.
    const types =
      q.codeId !== undefined ? [TYPE_CODES.scan] : q.type !== undefined ? [TYPE_CODES[q.type]] : Object.values(TYPE_CODES);
    if (q.codeId !== undefined && q.type !== undefined && q.type !== 'scan') return [];
    const pages = await Promise.all(
      types.map((type) => {
        let query = db.selectFrom('events').selectAll().where('type', '=', type);
        query = target !== undefined ? query.where('target', '=', target) : query.where('account', '=', account);
        if (q.before !== undefined) query = query.where('seq', '<', q.before);
        return query.orderBy('seq', 'desc').limit(q.limit).execute();
      }),
    );
    const rows = pages
      .flat()
      .sort((a, b) => Number(b.seq) - Number(a.seq))
      .slice(0, q.limit);
    const targets = await this.keys.targetKeysOf(
      rows.map((r) => Number(r.target)),
      db,
    );
    const values = await this.keys.valuesOf(
      rows.flatMap((r) =>
        EVENT_DIMENSIONS.map((d) => r[d])
          .filter((c): c is number => c !== null)
          .map(Number),
      ),
      db,
    );
    return rows.map((row) => toEvent(row, q.accountId, targets, values));
  }

  /** Events of one target per type over the span, from its rollups. */
  async countByType(accountId: string, targetId: string, span: Span): Promise<Map<string, number>> {
    const counts = await this.countsOver(accountId, [targetId], span);
    const names = await this.keys.valuesOf(counts.keys(), await this.route.of(accountId));
    const out = new Map<string, number>();
    for (const [code, n] of counts) if (names.get(code)?.dimension === 'type') out.set(names.get(code)!.value, n);
    return out;
  }

  /**
   * Events per value of every dimension over the window, summed over the targets, largest first: whole
   * compacted months from the monthly rows, every other day (the partial months at either end, the
   * months not compacted yet) from the daily ones, so even ten years read few rows.
   */
  async breakdowns(
    accountId: string,
    targetIds: readonly string[],
    span: Span,
  ): Promise<{ dimension: Dimension | PlaceDimension; value: string; events: number }[]> {
    const counts = await this.countsOver(accountId, targetIds, span);
    const names = await this.keys.valuesOf(counts.keys(), await this.route.of(accountId));
    const out: { dimension: Dimension | PlaceDimension; value: string; events: number }[] = [];
    for (const [code, events] of counts) {
      const entry = names.get(code);
      if (entry && ROLLUP_DIMENSIONS.has(entry.dimension))
        out.push({ dimension: entry.dimension as Dimension | PlaceDimension, value: entry.value, events });
    }
    return out.sort((a, b) => b.events - a.events || a.value.localeCompare(b.value));
  }

  /** The packed counts of the targets over the span, added up. */
  private async countsOver(accountId: string, targetIds: readonly string[], span: Span): Promise<Counts> {
    const db = await this.route.of(accountId);
    const targets = [...(await this.keys.targetsOf(accountId, targetIds, db)).values()];
    const counts: Counts = new Map();
    await quarterCounts(db, targets, span.quarters, counts);
    if (span.days === null) return counts;
    const { ranges, months } = splitWindow(span.days[0], span.days[1], (await compactedThrough(db)) ?? -Infinity);
    for (const ids of chunks(targets, 1000)) {
      for (const [start, end] of ranges) {
        const rows = await db
          .selectFrom('event_days')
          .select('counts')
          .where('target', 'in', ids)
          .where('day', '>=', start)
          .where('day', '<=', end)
          .execute();
        for (const r of rows) decodeCounts(r.counts, counts);
      }
      if (months) {
        const rows = await db
          .selectFrom('event_months')
          .select('counts')
          .where('target', 'in', ids)
          .where('month', '>=', months[0])
          .where('month', '<=', months[1])
          .execute();
        for (const r of rows) decodeCounts(r.counts, counts);
      }
    }
    return counts;
  }

  /** Events and daily uniques per day over the window, summed over the targets. */
  async daysOf(accountId: string, targetIds: readonly string[], from: number, to: number): Promise<Map<number, DayRow>> {
    const sums = await this.rollupSums('day', accountId, targetIds, from, to);
    return new Map([...sums].map(([day, figures]) => [day, { day, ...figures }]));
  }

  /** Events and uniques per target over the span. */
  async perTarget(accountId: string, targetIds: readonly string[], span: Span): Promise<Map<string, Figures>> {
    const db = await this.route.of(accountId);
    const targets = [...(await this.keys.targetsOf(accountId, targetIds, db)).values()];
    const sums = await quarterSumsByTarget(db, targets, span.quarters);
    if (span.days !== null) {
      for (const [target, f] of await this.rollupSums('target', accountId, targetIds, span.days[0], span.days[1])) {
        const found = sums.get(target) ?? { events: 0, uniques: 0 };
        sums.set(target, { events: found.events + f.events, uniques: found.uniques + f.uniques });
      }
    }
    const keys = await this.keys.targetKeysOf(sums.keys(), db);
    return new Map([...sums].map(([target, figures]) => [keys.get(target)!, figures]));
  }

  async quarterStart(accountId: string): Promise<number> {
    this.start ??= quarterStartOf(await this.route.of(accountId));
    return this.start;
  }

  async buckets(accountId: string, targetIds: readonly string[], piece: Piece, size: number): Promise<Map<number, Figures>> {
    const db = await this.route.of(accountId);
    return bucketsOf(db, [...(await this.keys.targetsOf(accountId, targetIds, db)).values()], piece, size);
  }

  async grid(accountId: string, targetIds: readonly string[], pieces: readonly Piece[]): Promise<GridCell[]> {
    const db = await this.route.of(accountId);
    return gridOf(db, [...(await this.keys.targetsOf(accountId, targetIds, db)).values()], pieces);
  }

  /** Sums of events and daily uniques of the targets over the window, by day or by target. */
  private async rollupSums(
    by: 'day' | 'target',
    accountId: string,
    targetIds: readonly string[],
    from: number,
    to: number,
  ): Promise<Map<number, { events: number; uniques: number }>> {
    const out = new Map<number, { events: number; uniques: number }>();
    const db = await this.route.of(accountId);
    const targets = [...(await this.keys.targetsOf(accountId, targetIds, db)).values()];
    for (const ids of chunks(targets, 1000)) {
      const rows = await db
        .selectFrom('event_days')
        .select([sql.ref<number>(by).as('key'), sql<number>`sum(events)`.as('events'), sql<number>`sum(uniques)`.as('uniques')])
        .where('target', 'in', ids)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy(by)
        .execute();
      for (const r of rows) {
        const key = Number(r.key);
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
    const add = (rows: { day: number; hits: number }[]) => {
      for (const r of rows) out.set(Number(r.day), (out.get(Number(r.day)) ?? 0) + Number(r.hits));
    };
    const query = () =>
      db
        .selectFrom('excluded_hits')
        .select(['day', sql<number>`sum(hits)`.as('hits')])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('day');
    if (targetIds === null) {
      const account = await this.keys.accountOf(accountId, db);
      if (account === null) return out;
      add(
        await query()
          .where('target', 'in', (eb) => eb.selectFrom('event_targets').select('id').where('account', '=', account))
          .execute(),
      );
      return out;
    }
    const targets = [...(await this.keys.targetsOf(accountId, targetIds, db)).values()];
    for (const ids of chunks(targets, 1000)) add(await query().where('target', 'in', ids).execute());
    return out;
  }
}

function toEvent(
  row: Selectable<EventsTable>,
  accountId: string,
  targets: Map<number, string>,
  values: Map<number, { value: string }>,
): StoredEvent {
  const type = TYPE_OF_CODE.get(Number(row.type))!;
  const targetId = targets.get(Number(row.target))!;
  const value = (code: number | null) => (code === null ? null : (values.get(Number(code))?.value ?? null));
  return {
    id: eventIdOf(Number(row.seq)),
    accountId,
    type,
    targetId,
    codeId: type === 'scan' ? targetId : null,
    linkId: type === 'link_click' ? targetId : null,
    occurredAt: Number(row.at),
    placement: value(row.placement),
    country: value(row.country),
    region: value(row.region),
    city: value(row.city),
    os: value(row.os),
    device: value(row.device) as Device | null,
    browser: value(row.browser),
  };
}
