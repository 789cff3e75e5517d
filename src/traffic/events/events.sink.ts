import type { Tx } from '../../db/transaction.js';
import type { PlaceDimension } from './places.js';
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
 * A stretch of time as the rollups answer it: whole UTC days (inclusive) from the daily and monthly
 * rows, and ranges of quarters of an hour [from, to) from the quarter rows.
 */
export interface Span {
  days: [number, number] | null;
  quarters: [number, number][];
}

/**
 * Quarters [from, to) over which a zone keeps one offset (`shift`, in quarters): bucketed by
 * floor((quarter + shift) / size), so size 96 gives the zone's days and 4 its hours.
 */
export interface Piece {
  from: number;
  to: number;
  shift: number;
}

export interface Figures {
  events: number;
  uniques: number;
}

/** Events in a zone's weekday (0 = Monday) and hour of the day. */
export interface GridCell {
  weekday: number;
  hour: number;
  events: number;
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
  /** Rollups per UTC day over a window of days (inclusive), for targets of the account only. */
  daysOf(accountId: string, targetIds: readonly string[], from: number, to: number): Promise<Map<number, DayRow>>;
  /** The first UTC day whose events all have quarter rows. */
  quarterStart(accountId: string): Promise<number>;
  /** Events and uniques of the quarter rows of a piece, per bucket. */
  buckets(accountId: string, targetIds: readonly string[], piece: Piece, size: number): Promise<Map<number, Figures>>;
  /** Events of the quarter rows of the pieces per weekday and hour of the zone. */
  grid(accountId: string, targetIds: readonly string[], pieces: readonly Piece[]): Promise<GridCell[]>;
  perTarget(accountId: string, targetIds: readonly string[], span: Span): Promise<Map<string, Figures>>;
  breakdowns(
    accountId: string,
    targetIds: readonly string[],
    span: Span,
  ): Promise<{ dimension: Dimension | PlaceDimension; value: string; events: number }[]>;
  countByType(accountId: string, targetId: string, span: Span): Promise<Map<string, number>>;
  excluded(accountId: string, targetIds: readonly string[] | null, from: number, to: number): Promise<Map<number, number>>;
}
