import type { Tx } from '../../db/transaction.js';
import type { CommittedEvent, Dimension, EventType, ExcludedCount, RecordedEvent, StoredEvent } from './events.types.js';

export interface EventPageQuery {
  accountId: string;
  limit: number;
  codeId?: string;
  type?: EventType;
  /** Only events stored before this one (its sequence number): older. */
  before?: number;
}

export interface DayRow {
  day: number;
  events: number;
  uniques: number;
}

/**
 * Where committed events go and are read back from: the relational store today (the compact rows of
 * `store/`), a column store tomorrow as another implementation of these two interfaces. The writer
 * knows only `EventSink`; the analytics know only `EventSource`.
 */
export interface EventSink {
  /** Makes what a batch refers to (keys, dictionary entries), outside the batch's transaction. */
  prepare(events: readonly RecordedEvent[], excluded?: readonly ExcludedCount[]): Promise<void>;
  /** Appends events not yet committed and returns them with their ids. */
  insertEvents(trx: Tx, events: readonly RecordedEvent[]): Promise<CommittedEvent[]>;
  /** Adds inserted events to the rollups and lifetime totals. */
  rollUp(trx: Tx, events: readonly RecordedEvent[]): Promise<void>;
  addExcluded(trx: Tx, counts: readonly ExcludedCount[]): Promise<void>;
}

export interface EventSource {
  /** A page of raw events, newest recorded first. */
  page(q: EventPageQuery): Promise<StoredEvent[]>;
  /** Rollups over a window of days (inclusive), for targets of the account only. */
  days(accountId: string, targetId: string, from: number, to: number): Promise<DayRow[]>;
  daysOf(accountId: string, targetIds: readonly string[], from: number, to: number): Promise<Map<number, DayRow>>;
  perTarget(
    accountId: string,
    targetIds: readonly string[],
    from: number,
    to: number,
  ): Promise<Map<string, { events: number; uniques: number }>>;
  breakdowns(
    accountId: string,
    targetIds: readonly string[],
    from: number,
    to: number,
  ): Promise<{ dimension: Dimension; value: string; events: number }[]>;
  countByType(accountId: string, targetId: string, from: number, to: number): Promise<Map<string, number>>;
  excluded(accountId: string, targetIds: readonly string[] | null, from: number, to: number): Promise<Map<number, number>>;
}
