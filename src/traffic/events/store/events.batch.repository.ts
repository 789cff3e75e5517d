import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { BulkTable, BulkWriter } from '../../../db/bulk.js';
import { DAYS, EVENTS, EXCLUDED, MARKS, MONTHS, QUARTERS, TOTALS, VISITORS } from './event-tables.js';
import { chunks, dialectOf, forUpdate, nextEventSeqs } from '../../../db/dialect.js';
import type { Schema } from '../../../db/schema.js';
import { systemClock, type Clock } from '../../../lib/clock.js';
import { addCounts, decodeCounts, encodeCounts, type Counts } from './counts.js';
import type { EventKeys } from './event-keys.js';
import type { EventSink } from '../events.sink.js';
import { compactedThrough } from './events.repository.js';
import {
  DIMENSIONS,
  EVENT_DIMENSIONS,
  TYPE_CODES,
  dayOf,
  eventIdOf,
  firstDayOf,
  monthOf,
  quarterOf,
  type CommittedEvent,
  type ExcludedCount,
  type RecordedEvent,
} from '../events.types.js';
import { placeValues } from '../places.js';

const EMPTY = encodeCounts(new Map());
/** Rollup rows read and written per turn of the event loop. */
const ROLLUP_SLICE = 250;
/** Events looked over per turn of the event loop when a batch is prepared. */
const PREPARE_SLICE = 2_000;

/** A rollup row being built: the events of one target in one period. */
interface Rollup {
  target: number;
  period: number;
  events: number;
  uniques: number;
  counts: Counts;
}

/** A day's rollup with its visitors, each with the quarter's rollup of their first visit. */
interface DayRollup extends Rollup {
  visitors: Map<string, Rollup>;
}

/** The first 16 hex digits (64 bits) of a visitor's keyed hash: enough to tell a day's visitors of a target apart. */
const visitorKey = (hash: string): string => hash.slice(0, 16);

/**
 * The events writer's statements, inside the caller's transaction: events as rows of integers, and
 * one read-modify-write per target and day (and per compacted month, for a late event) of the rollup
 * rows with their packed counts. Counts are added up in memory first, so each key is written once per
 * call whatever its number of events.
 */
export class EventBatchRepository implements EventSink {
  /** `clock` tells which month is the current one, for events of compacted months. */
  constructor(
    private readonly bulk: BulkWriter,
    readonly keys: EventKeys,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Makes the integers and value codes these events need, in commits of their own (before the batch). */
  async prepare(events: readonly RecordedEvent[], excluded: readonly ExcludedCount[] = []): Promise<void> {
    const { keys } = this;
    const targets = new Map<string, string>();
    const values: [string, string][] = [];
    const value = (dimension: string, v: string) => {
      if (!keys.hasValue(dimension, v)) values.push([dimension, v]);
    };
    for (let i = 0; i < events.length; i += 1) {
      const e = events[i]!;
      if (!keys.hasTarget(e.targetId)) targets.set(e.targetId, e.accountId);
      value('type', e.type);
      for (const d of EVENT_DIMENSIONS) if (e[d] !== null) value(d, e[d]);
      for (const d of DIMENSIONS) if (e[d] === null) value(d, '');
      for (const [d, v] of placeValues(e)) value(d, v);
      // A large batch is looked over in slices, so redirects are answered in between.
      if (i % PREPARE_SLICE === PREPARE_SLICE - 1) await nextTurn();
    }
    for (const c of excluded) if (!keys.hasTarget(c.targetId)) targets.set(c.targetId, c.accountId);
    if (targets.size > 0) await keys.ensureTargets(targets);
    if (values.length > 0) await keys.ensureValues(values);
  }

  /**
   * Inserts the events, except those at or below their journal's mark (committed before a crash or a
   * failed commit's retry), moves the marks on, and returns the events inserted with their ids.
   */
  async insertEvents(trx: Kysely<Schema>, events: readonly RecordedEvent[]): Promise<CommittedEvent[]> {
    const fresh = await this.unmarked(trx, events);
    const seqs = await nextEventSeqs(trx, fresh.length);
    const rows: unknown[][] = [];
    const out: CommittedEvent[] = [];
    for (let i = 0; i < fresh.length; i += 1) {
      const e = fresh[i]!;
      const target = this.keys.target(e.targetId);
      const row: unknown[] = [seqs[i], target.account, target.id, TYPE_CODES[e.type], e.occurredAt];
      for (const d of EVENT_DIMENSIONS) row.push(e[d] === null ? null : this.keys.valueCode(d, e[d]));
      rows.push(row);
      out.push({ ...e, id: eventIdOf(seqs[i]!) });
    }
    await this.bulk.insert(trx, EVENTS, rows);
    return out;
  }

  /** The events not yet committed by their journal's mark; moves each journal's mark to its last one. */
  private async unmarked(trx: Kysely<Schema>, events: readonly RecordedEvent[]): Promise<readonly RecordedEvent[]> {
    const last = new Map<string, number>();
    for (const e of events) if (e.journal !== undefined) last.set(e.journal, Math.max(last.get(e.journal) ?? 0, e.position!));
    if (last.size === 0) return events;
    const marks = new Map<string, number>();
    for (const ids of chunks([...last.keys()], 500)) {
      const rows = await trx.selectFrom('event_marks').select(['journal', 'position']).where('journal', 'in', ids).execute();
      for (const r of rows) marks.set(r.journal, Number(r.position));
    }
    await this.bulk.replace(
      trx,
      MARKS,
      [...last].map(([journal, position]) => [journal, Math.max(position, marks.get(journal) ?? 0)]),
    );
    if (marks.size === 0) return events;
    return events.filter((e) => e.journal === undefined || e.position! > (marks.get(e.journal) ?? 0));
  }

  /**
   * Rollups, lifetime totals and daily unique visitors of inserted events. A transaction's events are
   * rolled up together (each row read and written once), in slices of rows with a turn of the event
   * loop between two, so redirects are answered meanwhile.
   */
  async rollUp(trx: Kysely<Schema>, events: readonly RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const days = new Map<number, Map<number, DayRollup>>();
    const quarters = new Map<string, Rollup>();
    const totals = new Map<number, number>();
    for (const e of events) {
      const target = this.keys.target(e.targetId).id;
      const day = dayOf(e.occurredAt);
      const quarter = quarterOf(e.occurredAt);
      let byDay = days.get(target);
      if (!byDay) days.set(target, (byDay = new Map()));
      let r = byDay.get(day);
      if (!r) byDay.set(day, (r = { target, period: day, events: 0, uniques: 0, counts: new Map(), visitors: new Map() }));
      const key = `${target}|${quarter}`;
      let q = quarters.get(key);
      if (!q) quarters.set(key, (q = { target, period: quarter, events: 0, uniques: 0, counts: new Map() }));
      r.events += 1;
      q.events += 1;
      // A visitor new today counts as unique in the quarter of their first visit of the day.
      const visitor = visitorKey(e.visitor);
      const first = r.visitors.get(visitor);
      if (first === undefined || quarter < first.period) r.visitors.set(visitor, q);
      const places = placeValues(e);
      for (const c of [r.counts, q.counts]) {
        const add = (code: number) => c.set(code, (c.get(code) ?? 0) + 1);
        add(this.keys.valueCode('type', e.type));
        for (const d of DIMENSIONS) add(this.keys.valueCode(d, e[d] ?? ''));
        for (const [d, v] of places) add(this.keys.valueCode(d, v));
      }
      totals.set(target, (totals.get(target) ?? 0) + 1);
    }
    const groups = [...days.values()].flatMap((byDay) => [...byDay.values()]);
    groups.sort((a, b) => a.target - b.target || a.period - b.period);
    for (let i = 0; i < groups.length; i += ROLLUP_SLICE) {
      if (i > 0) await nextTurn();
      const slice = groups.slice(i, i + ROLLUP_SLICE);
      await this.countVisitors(trx, slice);
      await this.merge(trx, DAYS, slice);
    }
    const byQuarter = [...quarters.values()].sort((a, b) => a.target - b.target || a.period - b.period);
    for (let i = 0; i < byQuarter.length; i += ROLLUP_SLICE) {
      await nextTurn();
      await this.merge(trx, QUARTERS, byQuarter.slice(i, i + ROLLUP_SLICE));
    }
    await this.bulk.addCounts(
      trx,
      TOTALS,
      [...totals].map(([id, n]) => [id, 0, '', n]),
    );
    await this.addToCompactedMonths(trx, groups);
  }

  /**
   * Stores each (day, target, visitor) once; adds the visitors new today to each group's `uniques`
   * and to those of the quarter of their first visit.
   */
  private async countVisitors(trx: Kysely<Schema>, groups: DayRollup[]): Promise<void> {
    const rows: unknown[][] = [];
    for (const g of groups) for (const v of g.visitors.keys()) rows.push([g.period, g.target, v]);
    const inserted = await this.bulk.insertNew(trx, VISITORS, rows);
    let row = 0;
    for (const g of groups) {
      for (const quarter of g.visitors.values()) {
        if (inserted[row]) {
          g.uniques += 1;
          quarter.uniques += 1;
        }
        row += 1;
      }
    }
  }

  /**
   * Adds rollups into their rows: a row missing is made empty first (on PostgreSQL that also locks it,
   * so two instances adding to one row take turns), then each row is read, added to and written back.
   */
  private async merge(trx: Kysely<Schema>, spec: BulkTable, rollups: readonly Rollup[]): Promise<void> {
    if (rollups.length === 0) return;
    const period = spec.conflict[1] as 'day' | 'month' | 'quarter';
    await this.bulk.insertNew(
      trx,
      spec,
      rollups.map((r) => [r.target, r.period, 0, 0, EMPTY]),
    );
    const table = spec.table as 'event_days';
    const found = new Map<string, { events: number; uniques: number; counts: Uint8Array }>();
    let first = Infinity;
    let last = -Infinity;
    for (const r of rollups) [first, last] = [Math.min(first, r.period), Math.max(last, r.period)];
    for (const ids of chunks([...new Set(rollups.map((r) => r.target))], 1000)) {
      // The periods between the first and last of the batch: usually one day, so no row is read twice.
      // Locked: another instance adding to the same rows waits for this transaction, never overwrites it.
      const query = trx
        .selectFrom(table)
        .select(['target', `${period} as day` as 'day', 'events', 'uniques', 'counts'])
        .where('target', 'in', ids)
        .where(period as 'day', '>=', first)
        .where(period as 'day', '<=', last)
        .orderBy('target')
        .orderBy(period as 'day');
      const rows = await forUpdate(query, dialectOf(trx)).execute();
      for (const row of rows) found.set(`${row.target}|${row.day}`, row);
    }
    await this.bulk.replace(
      trx,
      spec,
      rollups.map((r) => {
        const old = found.get(`${r.target}|${r.period}`);
        const counts = decodeCounts(old?.counts);
        addCounts(counts, r.counts);
        return [
          r.target,
          r.period,
          Number(old?.events ?? 0) + r.events,
          Number(old?.uniques ?? 0) + r.uniques,
          encodeCounts(counts),
        ];
      }),
    );
  }

  /**
   * Monthly rows are built when a month is over, so a batch writes none, except for an event of a
   * month already compacted (a journal replayed late, a clock that was behind): it is added to that
   * month's row too.
   */
  private async addToCompactedMonths(trx: Kysely<Schema>, days: readonly Rollup[]): Promise<void> {
    const currentMonthStart = firstDayOf(monthOf(dayOf(this.clock.now())));
    const older = days.filter((g) => g.period < currentMonthStart);
    if (older.length === 0) return;
    const through = await compactedThrough(trx);
    if (through === null) return;
    const months = new Map<string, Rollup>();
    for (const g of older) {
      const month = monthOf(g.period);
      if (month > through) continue;
      const key = `${g.target}|${month}`;
      const m = months.get(key) ?? { target: g.target, period: month, events: 0, uniques: 0, counts: new Map() };
      m.events += g.events;
      m.uniques += g.uniques;
      addCounts(m.counts, g.counts);
      months.set(key, m);
    }
    await this.merge(
      trx,
      MONTHS,
      [...months.values()].sort((a, b) => a.target - b.target || a.period - b.period),
    );
  }

  /** Adds the excluded (automated or HEAD) hits counted since the last batch. */
  async addExcluded(trx: Kysely<Schema>, counts: readonly ExcludedCount[]): Promise<void> {
    await this.bulk.addCounts(
      trx,
      EXCLUDED,
      counts.map((c) => [this.keys.target(c.targetId).id, c.day, c.count]),
    );
  }
}
