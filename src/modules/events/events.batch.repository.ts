import type { Kysely } from 'kysely';
import type { BulkTable, BulkWriter } from '../../db/bulk.js';
import type { Schema } from '../../db/schema.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { compactedThrough } from './events.repository.js';
import { DIMENSIONS, dayOf, eventRow, firstDayOf, monthOf, type ExcludedCount, type RecordedEvent } from './events.types.js';

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

/** The events of one target on one day, counted per value of every dimension. */
interface DayGroup {
  target: string;
  day: number;
  account: string;
  events: number;
  /** Per dimension (in DIMENSIONS order): events per value. */
  values: Map<string, number>[];
}

/** Adds up a batch's events per target and day: one map lookup per event, plus one per dimension. */
function groupByDay(events: readonly RecordedEvent[]): Map<string, DayGroup> {
  const groups = new Map<string, DayGroup>();
  for (const e of events) {
    const day = dayOf(e.occurredAt);
    const key = `${e.targetId}|${day}`;
    let group = groups.get(key);
    if (!group) {
      group = { target: e.targetId, day, account: e.accountId, events: 0, values: DIMENSIONS.map(() => new Map()) };
      groups.set(key, group);
    }
    group.events += 1;
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
  /** `clock` tells which month is the current one, for events of compacted months (ADR 0017). */
  constructor(
    private readonly bulk: BulkWriter,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Inserts the events (a replayed id is skipped) and returns those really inserted. */
  async insertEvents(trx: Kysely<Schema>, events: readonly RecordedEvent[]): Promise<RecordedEvent[]> {
    const rows = events.map(eventRow);
    const inserted = await this.bulk.insertNew(trx, EVENTS, rows);
    return events.filter((_, i) => inserted[i]);
  }

  /** Rollups, breakdowns, lifetime totals and daily unique visitors of inserted events. */
  async rollUp(trx: Kysely<Schema>, events: readonly RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const newVisitors = await this.insertVisitors(trx, events);
    const groups = groupByDay(events);
    const totals = new Map<string, unknown[]>();
    const rollups: unknown[][] = [];
    for (const [key, g] of groups) {
      rollups.push([g.target, g.day, g.account, g.events, newVisitors.get(key) ?? 0]);
      const total = totals.get(g.target);
      if (total) (total[2] as number) += g.events;
      else totals.set(g.target, [g.target, g.account, g.events]);
    }
    await this.bulk.addCounts(trx, ROLLUPS, rollups);
    await this.bulk.addCounts(
      trx,
      BREAKDOWNS,
      breakdownRows(groups.values(), (day) => day),
    );
    await this.bulk.addCounts(trx, TOTALS, [...totals.values()]);
    await this.addToCompactedMonths(trx, groups.values());
  }

  /**
   * Monthly breakdowns are built when a month is over (ADR 0017), so a batch writes none, except for
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

  /** Stores each (day, target, visitor hash) once; returns how many were new per target and day. */
  private async insertVisitors(trx: Kysely<Schema>, events: readonly RecordedEvent[]): Promise<Map<string, number>> {
    const seen = new Map<string, unknown[]>();
    for (const e of events) {
      const day = dayOf(e.occurredAt);
      seen.set(`${e.targetId}|${day}|${e.visitor}`, [day, e.targetId, e.visitor]);
    }
    const rows = [...seen.values()];
    const inserted = await this.bulk.insertNew(trx, VISITORS, rows);
    const fresh = new Map<string, number>();
    rows.forEach(([day, target], i) => {
      if (!inserted[i]) return;
      const key = `${String(target)}|${String(day)}`;
      fresh.set(key, (fresh.get(key) ?? 0) + 1);
    });
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
