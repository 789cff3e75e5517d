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
