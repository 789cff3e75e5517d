import type { Tx } from '../../db/transaction.js';
import type { Device, EventType } from '../../platform/index.js';

export {
  DEVICES,
  EVENT_TYPES,
  isEventType,
  type Device,
  type EventType,
  type Hit,
  type HitRecorder,
} from '../../platform/index.js';

/** Where a visitor is, as far as the network tells. */
export interface Location {
  country: string | null;
  region: string | null;
  city: string | null;
}

/** One counted event as the writer commits it: no address, only a daily keyed hash of the visitor. */
export interface RecordedEvent extends Location {
  accountId: string;
  type: EventType;
  targetId: string;
  codeId: string | null;
  linkId: string | null;
  occurredAt: number;
  placement: string | null;
  os: string | null;
  device: Device | null;
  browser: string | null;
  /** SHA-256 keyed by the daily salt over (account, address, user agent), hex; kept only until the day's salt goes. */
  visitor: string;
  /**
   * Where the event's line is in its journal (the journal's id and the line's position), when it was
   * journaled: a batch records the last position it committed, so a replay skips what is already in.
   */
  journal?: string;
  position?: number;
}

/** An event's fields in the order of a journal line, which adds the visitor's hash after them. */
export function eventRow(e: RecordedEvent): unknown[] {
  return [
    e.accountId,
    e.type,
    e.targetId,
    e.codeId,
    e.linkId,
    e.occurredAt,
    e.placement,
    e.country,
    e.region,
    e.city,
    e.os,
    e.device,
    e.browser,
  ];
}

/** An event as the API reads it: its id is made from its place in the store's order. */
export type StoredEvent = Omit<RecordedEvent, 'visitor' | 'journal' | 'position'> & { id: string };

/** A committed event: the inserted event with its sequence number in the store. */
export type CommittedEvent = RecordedEvent & { id: string };

/** The API's id of the event stored at `seq`: the number itself, so a cursor needs no lookup. */
export const eventIdOf = (seq: number): string => String(seq);

/** The sequence number of an API event id, or null when it is not one. */
export function seqOfEventId(id: string): number | null {
  if (!/^[1-9][0-9]{0,15}$/.test(id)) return null;
  const seq = Number(id);
  return Number.isSafeInteger(seq) ? seq : null;
}

/**
 * The stored code of each event type. Codes are part of the store's format: a new type takes a new
 * number, and no number is ever reused.
 */
export const TYPE_CODES: Record<EventType, number> = {
  scan: 1,
  link_click: 2,
  card_view: 3,
  page_view: 4,
  form_view: 5,
  form_submit: 6,
  gs1_resolve: 7,
};
export const TYPE_OF_CODE = new Map(Object.entries(TYPE_CODES).map(([type, code]) => [code, type as EventType]));

/**
 * Called inside the batch's transaction with the events that were really inserted (a replayed
 * duplicate is not passed again), so later features (webhook outbox, alerts) commit with the events.
 */
export type BatchListener = (tx: Tx, events: readonly CommittedEvent[]) => Promise<void>;

/** An excluded (automated or HEAD) hit, counted per account, target and UTC day. */
export interface ExcludedCount {
  accountId: string;
  targetId: string;
  day: number;
  count: number;
}

export const DAY_MS = 86_400_000;
/** Days since 1970-01-01 UTC. */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);
export const dayIso = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** A quarter of an hour: every time zone's offset is a whole number of them. */
export const QUARTER_MS = 900_000;
export const QUARTERS_PER_DAY = 96;
/**
 * Days of quarter rows kept (and read): enough for a year beside the year before it. Older days are
 * read from the daily rows, as UTC days.
 */
export const QUARTER_DAYS = 800;
/** Quarters of an hour since 1970-01-01 00:00 UTC. */
export const quarterOf = (ms: number): number => Math.floor(ms / QUARTER_MS);

/** Months since 1970-01 of a day number, and the first day of a month. */
export function monthOf(day: number): number {
  const d = new Date(day * DAY_MS);
  return (d.getUTCFullYear() - 1970) * 12 + d.getUTCMonth();
}
export const firstDayOf = (month: number): number => Date.UTC(1970 + Math.floor(month / 12), month % 12, 1) / DAY_MS;

/** The rollup dimensions the analytics break down by. */
export const DIMENSIONS = ['country', 'device', 'os', 'browser', 'placement'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** The dimensions an event row keeps as dictionary codes (the rollups' and the Event's own). */
export const EVENT_DIMENSIONS = ['placement', 'country', 'region', 'city', 'os', 'device', 'browser'] as const;
export type EventDimension = (typeof EVENT_DIMENSIONS)[number];
