import type { Kysely } from 'kysely';
import { chunks, incremented } from '../../db/dialect.js';
import type { Schema } from '../../db/schema.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { compactedThrough } from './events.repository.js';
import { DIMENSIONS, dayOf, monthOf, type ExcludedCount, type RecordedEvent } from './events.types.js';

const row = (key: { targetId: string; accountId: string; dimension: string; value: string }) => ({
  target_id: key.targetId,
  account_id: key.accountId,
  dimension: key.dimension,
  value: key.value,
});

/** Counts added up in memory per key, so each key is one row of one upsert per batch. */
class Tally<K> {
  private readonly rows = new Map<string, { key: K; n: number }>();
  add(id: string, key: K, n = 1): void {
    const row = this.rows.get(id);
    if (row) row.n += n;
    else this.rows.set(id, { key, n });
  }
  get(id: string): number {
    return this.rows.get(id)?.n ?? 0;
  }
  entries(): { key: K; n: number }[] {
    return [...this.rows.values()];
  }
}

/**
 * The group commit's SQL: one batch of events, with everything derived from them, inside the
 * caller's transaction. Every statement is a multi-row insert or upsert-increment, so the cost is a
 * handful of statements per batch whatever its size, and no counter row is locked per event.
 */
export class EventBatchRepository {
  /** `clock` tells which month is the current one, for events of compacted months (ADR 0017). */
  constructor(private readonly clock: Clock = systemClock) {}

  /** Inserts the events (a replayed id is skipped) and returns those really inserted. */
  async insertEvents(trx: Kysely<Schema>, events: readonly RecordedEvent[]): Promise<RecordedEvent[]> {
    const inserted = new Set<string>();
    for (const chunk of chunks(events)) {
      const rows = await trx
        .insertInto('events')
        .values(
          chunk.map((e) => ({
            id: e.id,
            account_id: e.accountId,
            type: e.type,
            target_id: e.targetId,
            code_id: e.codeId,
            link_id: e.linkId,
            occurred_at: e.occurredAt,
            placement: e.placement,
            country: e.country,
            region: e.region,
            city: e.city,
            os: e.os,
            device: e.device,
            browser: e.browser,
          })),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .execute();
      for (const row of rows) inserted.add(row.id);
    }
    return events.filter((e) => inserted.has(e.id));
  }

  /** Rollups, breakdowns, lifetime totals and daily unique visitors of inserted events. */
  async rollUp(trx: Kysely<Schema>, events: readonly RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const newVisitors = await this.insertVisitors(trx, events);
    const daily = new Tally<{ targetId: string; accountId: string; day: number }>();
    type Cell = { targetId: string; accountId: string; period: number; dimension: string; value: string };
    const byDay = new Tally<Cell>();
    const totals = new Tally<{ targetId: string; accountId: string }>();
    for (const e of events) {
      const day = dayOf(e.occurredAt);
      daily.add(`${e.targetId}|${day}`, { targetId: e.targetId, accountId: e.accountId, day });
      totals.add(e.targetId, { targetId: e.targetId, accountId: e.accountId });
      for (const dimension of DIMENSIONS) {
        const value = e[dimension] ?? '';
        const cell = { targetId: e.targetId, accountId: e.accountId, dimension, value };
        byDay.add(`${e.targetId}|${day}|${dimension}|${value}`, { ...cell, period: day });
      }
    }
    for (const chunk of chunks(daily.entries())) {
      await trx
        .insertInto('event_rollups')
        .values(
          chunk.map(({ key, n }) => ({
            target_id: key.targetId,
            day: key.day,
            account_id: key.accountId,
            events: n,
            uniques: newVisitors.get(`${key.targetId}|${key.day}`),
          })),
        )
        .onConflict((oc) =>
          oc.columns(['target_id', 'day']).doUpdateSet({
            events: incremented('event_rollups', 'events'),
            uniques: incremented('event_rollups', 'uniques'),
          }),
        )
        .execute();
    }
    for (const chunk of chunks(byDay.entries())) {
      await trx
        .insertInto('event_breakdowns')
        .values(chunk.map(({ key, n }) => ({ ...row(key), day: key.period, events: n })))
        .onConflict((oc) =>
          oc
            .columns(['target_id', 'day', 'dimension', 'value'])
            .doUpdateSet({ events: incremented('event_breakdowns', 'events') }),
        )
        .execute();
    }
    for (const chunk of chunks(totals.entries())) {
      await trx
        .insertInto('event_totals')
        .values(chunk.map(({ key, n }) => ({ target_id: key.targetId, account_id: key.accountId, total: n })))
        .onConflict((oc) => oc.column('target_id').doUpdateSet({ total: incremented('event_totals', 'total') }))
        .execute();
    }
    await this.addToCompactedMonths(trx, events);
  }

  /**
   * Monthly breakdowns are built when a month is over (ADR 0017), so a batch writes none, except for
   * an event of a month already compacted (a journal replayed late, a clock that was behind): it is
   * added to that month's rows too. Only a batch holding an event older than the current month reads
   * which months are compacted, inside its transaction.
   */
  private async addToCompactedMonths(trx: Kysely<Schema>, events: readonly RecordedEvent[]): Promise<void> {
    const current = monthOf(dayOf(this.clock.now()));
    const older = events.filter((e) => monthOf(dayOf(e.occurredAt)) < current);
    if (older.length === 0) return;
    const through = await compactedThrough(trx);
    if (through === null) return;
    type Cell = { targetId: string; accountId: string; month: number; dimension: string; value: string };
    const byMonth = new Tally<Cell>();
    for (const e of older) {
      const month = monthOf(dayOf(e.occurredAt));
      if (month > through) continue;
      for (const dimension of DIMENSIONS) {
        const value = e[dimension] ?? '';
        byMonth.add(`${e.targetId}|${month}|${dimension}|${value}`, {
          targetId: e.targetId,
          accountId: e.accountId,
          month,
          dimension,
          value,
        });
      }
    }
    for (const chunk of chunks(byMonth.entries())) {
      await trx
        .insertInto('event_breakdowns_monthly')
        .values(chunk.map(({ key, n }) => ({ ...row(key), month: key.month, events: n })))
        .onConflict((oc) =>
          oc
            .columns(['target_id', 'month', 'dimension', 'value'])
            .doUpdateSet({ events: incremented('event_breakdowns_monthly', 'events') }),
        )
        .execute();
    }
  }

  /** Stores each (day, target, visitor hash) once; returns how many were new per target and day. */
  private async insertVisitors(trx: Kysely<Schema>, events: readonly RecordedEvent[]): Promise<Tally<null>> {
    const seen = new Map<string, { day: number; target_id: string; visitor: string }>();
    for (const e of events) {
      const day = dayOf(e.occurredAt);
      seen.set(`${day}|${e.targetId}|${e.visitor}`, { day, target_id: e.targetId, visitor: e.visitor });
    }
    const fresh = new Tally<null>();
    for (const chunk of chunks([...seen.values()])) {
      const rows = await trx
        .insertInto('daily_visitors')
        .values(chunk)
        .onConflict((oc) => oc.columns(['day', 'target_id', 'visitor']).doNothing())
        .returning(['day', 'target_id'])
        .execute();
      for (const row of rows) fresh.add(`${row.target_id}|${Number(row.day)}`, null);
    }
    return fresh;
  }

  /** Adds the excluded (automated or HEAD) hits counted since the last batch. */
  async addExcluded(trx: Kysely<Schema>, counts: readonly ExcludedCount[]): Promise<void> {
    for (const chunk of chunks(counts)) {
      await trx
        .insertInto('excluded_hits')
        .values(chunk.map((c) => ({ account_id: c.accountId, day: c.day, target_id: c.targetId, hits: c.count })))
        .onConflict((oc) =>
          oc.columns(['account_id', 'day', 'target_id']).doUpdateSet({ hits: incremented('excluded_hits', 'hits') }),
        )
        .execute();
    }
  }
}
