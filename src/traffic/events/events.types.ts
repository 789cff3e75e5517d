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
  id: string;
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
}

/**
 * An event's stored fields as a row, in the order of the events table's columns (the batch writer's
 * insert) and of a journal line, which adds the visitor's hash after them.
 */
export function eventRow(e: RecordedEvent): unknown[] {
  return [
    e.id,
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

/** An event as the API reads it. */
export type StoredEvent = Omit<RecordedEvent, 'visitor'>;

/**
 * Called inside the batch's transaction with the events that were really inserted (a replayed
 * duplicate is not passed again), so later features (webhook outbox, alerts) commit with the events.
 */
export type BatchListener = (tx: Tx, events: readonly RecordedEvent[]) => Promise<void>;

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

/** Months since 1970-01 of a day number, and the first day of a month. */
export function monthOf(day: number): number {
  const d = new Date(day * DAY_MS);
  return (d.getUTCFullYear() - 1970) * 12 + d.getUTCMonth();
}
export const firstDayOf = (month: number): number => Date.UTC(1970 + Math.floor(month / 12), month % 12, 1) / DAY_MS;

/** The rollup dimensions the analytics break down by. */
export const DIMENSIONS = ['country', 'device', 'os', 'browser', 'placement'] as const;
export type Dimension = (typeof DIMENSIONS)[number];
