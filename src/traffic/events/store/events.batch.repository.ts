import type { Kysely } from 'kysely';
import type { BulkTable, BulkWriter } from '../../../db/bulk.js';
import type { Schema } from '../../../db/schema.js';
import { systemClock, type Clock } from '../../../lib/clock.js';
import { compactedThrough } from './events.repository.js';
import { DIMENSIONS, dayOf, eventRow, firstDayOf, monthOf, type ExcludedCount, type RecordedEvent } from '../events.types.js';

const EVENTS: BulkTable = {
  table: 'events',
  columns: [
    'id',
    'account_id',
    'type',
    'target_id',
    'code_id',
    'link_id',
    'occurred_at',
    'placement',
    'country',
    'region',
    'city',
    'os',
    'device',
    'browser',
  ],
  conflict: ['id'],
  numbers: ['occurred_at'],
};
export const VISITORS: BulkTable = {
  table: 'daily_visitors',
  columns: ['day', 'target_id', 'visitor'],
  conflict: ['day', 'target_id', 'visitor'],
  numbers: ['day'],
};
const ROLLUPS: BulkTable = {
  table: 'event_rollups',
  columns: ['target_id', 'day', 'account_id', 'events', 'uniques'],
  conflict: ['target_id', 'day'],
  increment: ['events', 'uniques'],
  numbers: ['day', 'events', 'uniques'],
};
export const BREAKDOWNS: BulkTable = {
  table: 'event_breakdowns',
  columns: ['target_id', 'day', 'dimension', 'value', 'account_id', 'events'],
  conflict: ['target_id', 'day', 'dimension', 'value'],
  increment: ['events'],
  numbers: ['day', 'events'],
};
const MONTHLY: BulkTable = {
  table: 'event_breakdowns_monthly',
  columns: ['target_id', 'month', 'dimension', 'value', 'account_id', 'events'],
  conflict: ['target_id', 'month', 'dimension', 'value'],
  increment: ['events'],
  numbers: ['month', 'events'],
};
const TOTALS: BulkTable = {
  table: 'event_totals',
  columns: ['target_id', 'account_id', 'total'],
  conflict: ['target_id'],
  increment: ['total'],
  numbers: ['total'],
};
const EXCLUDED: BulkTable = {
  table: 'excluded_hits',
  columns: ['account_id', 'day', 'target_id', 'hits'],
  conflict: ['account_id', 'day', 'target_id'],
  increment: ['hits'],
  numbers: ['day', 'hits'],
};

/** The events of one target on one day, counted per value of every dimension, with their visitors. */
interface DayGroup {
  target: string;
  day: number;
  account: string;
  events: number;
  /** Per dimension (in DIMENSIONS order): events per value. */
  values: Map<string, number>[];
  /** The visitor hashes seen, each once. */
  visitors: Set<string>;
}

/**
 * Adds up a batch's events per target and day. The chunks of a large batch come ordered by target
 * (the writer's `byTarget`), so there most events belong to the group of the event before them and
 * need no lookup at all; the others take two map lookups (target, then day). No key is built per event.
 */
function groupByDay(events: readonly RecordedEvent[]): DayGroup[] {
  const byTarget = new Map<string, Map<number, DayGroup>>();
  const groups: DayGroup[] = [];
  let last: DayGroup | null = null;
  for (const e of events) {
    const day = dayOf(e.occurredAt);
    let group: DayGroup | null = last !== null && last.target === e.targetId && last.day === day ? last : null;
    if (group === null) {
      let days = byTarget.get(e.targetId);
      if (!days) byTarget.set(e.targetId, (days = new Map()));
      group = days.get(day) ?? null;
      if (group === null) {
        group = {
          target: e.targetId,
          day,
          account: e.accountId,
          events: 0,
          values: DIMENSIONS.map(() => new Map()),
          visitors: new Set(),
        };
        days.set(day, group);
        groups.push(group);
      }
      last = group;
    }
    group.events += 1;
    group.visitors.add(e.visitor);
    for (let i = 0; i < DIMENSIONS.length; i += 1) {
      const value = e[DIMENSIONS[i]!] ?? '';
      const counts = group.values[i]!;
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
  }
  return groups;
}

/** Breakdown rows (target, period, dimension, value, account, events) of groups, by day or by month. */
function breakdownRows(groups: Iterable<DayGroup>, periodOf: (day: number) => number): unknown[][] {
  const cells = new Map<string, unknown[]>();
  for (const g of groups) {
    const period = periodOf(g.day);
    for (let i = 0; i < DIMENSIONS.length; i += 1) {
      const dimension = DIMENSIONS[i]!;
      for (const [value, n] of g.values[i]!) {
        const key = `${g.target}|${period}|${i}|${value}`;
        const cell = cells.get(key);
        if (cell) (cell[5] as number) += n;
        else cells.set(key, [g.target, period, dimension, value, g.account, n]);
      }
    }
  }
  return [...cells.values()];
}

/**
 * The group commit's writes: one batch of events, with everything derived from them, inside the
 * caller's transaction. Counts are added up per key in memory first, so each rollup, breakdown and
 * total key is written once per batch whatever its number of events, and no counter row is locked
 * per event. The rows go through the store's bulk writer (db/bulk.ts).
 */
export class EventBatchRepository {
  /** `clock` tells which month is the current one, for events of compacted months. */
  constructor(
    private readonly bulk: BulkWriter,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Inserts the events (a replayed id is skipped) and returns those really inserted. */
  async insertEvents(trx: Kysely<Schema>, events: readonly RecordedEvent[]): Promise<RecordedEvent[]> {
    // In id order: ids grow with time, so the rows append to the table's key order, not split its pages.
    events = [...events].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const rows = events.map(eventRow);
    const inserted = await this.bulk.insertNew(trx, EVENTS, rows);
    return events.filter((_, i) => inserted[i]);
  }

  /** Rollups, breakdowns, lifetime totals and daily unique visitors of inserted events. */
  async rollUp(trx: Kysely<Schema>, events: readonly RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const groups = groupByDay(events);
    const newVisitors = await this.insertVisitors(trx, groups);
    const totals = new Map<string, unknown[]>();
    const rollups: unknown[][] = [];
    for (let i = 0; i < groups.length; i += 1) {
      const g = groups[i]!;
      rollups.push([g.target, g.day, g.account, g.events, newVisitors[i]]);
      const total = totals.get(g.target);
      if (total) (total[2] as number) += g.events;
      else totals.set(g.target, [g.target, g.account, g.events]);
    }
    await this.bulk.addCounts(trx, ROLLUPS, rollups);
    await this.bulk.addCounts(
      trx,
      BREAKDOWNS,
      breakdownRows(groups, (day) => day),
    );
    await this.bulk.addCounts(trx, TOTALS, [...totals.values()]);
    await this.addToCompactedMonths(trx, groups);
  }

  /**
   * Monthly breakdowns are built when a month is over, so a batch writes none, except for
   * an event of a month already compacted (a journal replayed late, a clock that was behind): it is
   * added to that month's rows too. Only a batch holding an event older than the current month reads
   * which months are compacted, inside its transaction.
   */
  private async addToCompactedMonths(trx: Kysely<Schema>, groups: Iterable<DayGroup>): Promise<void> {
    const currentMonthStart = firstDayOf(monthOf(dayOf(this.clock.now())));
    const older = [...groups].filter((g) => g.day < currentMonthStart);
    if (older.length === 0) return;
    const through = await compactedThrough(trx);
    if (through === null) return;
    const compacted = older.filter((g) => monthOf(g.day) <= through);
    await this.bulk.addCounts(trx, MONTHLY, breakdownRows(compacted, monthOf));
  }

  /** Stores each (day, target, visitor hash) once; returns how many were new in each group. */
  private async insertVisitors(trx: Kysely<Schema>, groups: readonly DayGroup[]): Promise<number[]> {
    const rows: unknown[][] = [];
    for (const g of groups) for (const visitor of g.visitors) rows.push([g.day, g.target, visitor]);
    const inserted = await this.bulk.insertNew(trx, VISITORS, rows);
    const fresh: number[] = [];
    let row = 0;
    for (const g of groups) {
      let n = 0;
      for (let end = row + g.visitors.size; row < end; row += 1) if (inserted[row]) n += 1;
      fresh.push(n);
    }
    return fresh;
  }

  /** Adds the excluded (automated or HEAD) hits counted since the last batch. */
  async addExcluded(trx: Kysely<Schema>, counts: readonly ExcludedCount[]): Promise<void> {
    await this.bulk.addCounts(
      trx,
      EXCLUDED,
      counts.map((c) => [c.accountId, c.day, c.targetId, c.count]),
    );
  }
}
