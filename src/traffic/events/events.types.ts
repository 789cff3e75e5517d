import type { Tx } from '../../db/transaction.js';

/** The kinds of event of SPEC section 6, as data so every surface records through one recorder. */
export const EVENT_TYPES = ['scan', 'link_click', 'card_view', 'page_view', 'form_view', 'form_submit', 'gs1_resolve'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const isEventType = (value: string): value is EventType => (EVENT_TYPES as readonly string[]).includes(value);

export const DEVICES = ['mobile', 'tablet', 'desktop', 'unknown'] as const;
export type Device = (typeof DEVICES)[number];

/** What a surface saw when it answered a request for a code, link, card, page...; memory only. */
export interface Hit {
  /** `code` → `scan`, `link` → `link_click`; any other surface names its event type directly. */
  kind: 'code' | 'link' | EventType;
  targetId: string;
  accountId: string;
  /** Epoch milliseconds. */
  at: number;
  /** `HEAD` is never counted. */
  method: string;
  userAgent: string | null;
  acceptLanguage: string | null;
  /** Used for the visitor hash and the location, then dropped: never stored, journaled or logged. */
  clientAddress: string | null;
  /** Already trimmed, at most 64 characters. */
  placement: string | null;
  /** Request headers, for a trusted CDN's location headers. */
  headers: Record<string, string | undefined>;
}

/** The seam the resolver (and every other surface) records through: never throws, never blocks. */
export interface HitRecorder {
  record(hit: Hit): void;
  /**
   * Calls `answer` once every hit recorded so far is durable (journaled), at once when nothing waits.
   * A surface answers a recorded request from here, so an answered request is never lost.
   */
  whenDurable?(answer: () => void): void;
}

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
