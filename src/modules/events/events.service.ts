import type { Clock } from '../../lib/clock.js';
import { InvalidRequest } from '../../lib/errors.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { EventsRepository } from './events.repository.js';
import type { SaltsRepository } from './events.salts.js';
import { DAY_MS, dayIso, dayOf, monthOf, type Dimension, type EventType, type StoredEvent } from './events.types.js';

export interface ListEventsInput {
  accountId: string;
  limit?: number;
  codeId?: string;
  type?: EventType;
  /** The opaque `nextCursor` of the previous page. */
  cursor?: string;
}

export interface EventPage {
  events: StoredEvent[];
  /** Pass as `cursor` for the next (older) page; null when this page is the last. */
  nextCursor: string | null;
}

export interface Breakdown {
  /** null = not known (no location, unrecognised agent, no placement). */
  value: string | null;
  count: number;
}

export interface CodeAnalytics {
  days: number;
  from: string;
  to: string;
  /** `excluded`: automated and HEAD hits that were not counted. */
  totals: { scans: number; uniqueVisitors: number; excluded: number };
  daily: { date: string; scans: number; uniqueVisitors: number; excluded: number }[];
  countries: Breakdown[];
  devices: Breakdown[];
  os: Breakdown[];
  browsers: Breakdown[];
  placements: Breakdown[];
}

export interface FolderAnalytics {
  days: number;
  from: string;
  to: string;
  scans: number;
  uniqueVisitors: number;
  codes: { codeId: string; scans: number; uniqueVisitors: number }[];
}

/** How long a month must have been over before it is compacted: late batches and replays land first. */
export const COMPACTION_GRACE_MS = DAY_MS;

/** Values per breakdown returned at most (the largest); the rest are not individual records either. */
export const BREAKDOWN_LIMIT = 100;

const KEYS: Record<Dimension, 'countries' | 'devices' | 'os' | 'browsers' | 'placements'> = {
  country: 'countries',
  device: 'devices',
  os: 'os',
  browser: 'browsers',
  placement: 'placements',
};

function bounded(value: number | undefined, fallback: number, min: number, max: number, field: string): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < min || v > max)
    throw new InvalidRequest(`${field} must be an integer from ${min} to ${max}.`, field);
  return v;
}

/**
 * Reading events and analytics, and clearing a target's history. Every call takes the account, so
 * one account can never read or clear another's. Unique visitors over a window are the sum of daily
 * uniques (docs/adr/0032-unique-visitors.md).
 */
export class EventsService {
  constructor(
    private readonly events: EventsRepository,
    private readonly salts: SaltsRepository,
    private readonly clock: Clock,
    /** Commits this process's buffered events first, so a clear also removes what was just recorded. */
    private readonly flushPending: () => Promise<void> = async () => undefined,
  ) {}

  async list(input: ListEventsInput): Promise<EventPage> {
    const limit = bounded(input.limit, 50, 1, 100, 'limit');
    const before = input.cursor === undefined ? undefined : decodeCursor(input.cursor);
    const rows = await this.events.page({ ...input, limit: limit + 1, before });
    const events = rows.slice(0, limit);
    return { events, nextCursor: rows.length > limit ? encodeCursor(events.at(-1)!.id) : null };
  }

  /** Totals, a zero-filled daily series and breakdowns over the last `days` UTC days, from rollups only. */
  async codeAnalytics(input: { accountId: string; codeId: string; days?: number }): Promise<CodeAnalytics> {
    const days = bounded(input.days, 30, 1, 3650, 'days');
    const { from, to } = this.window(days);
    const [rows, breakdowns, excluded] = await Promise.all([
      this.events.days(input.accountId, input.codeId, from, to),
      this.events.breakdowns(input.accountId, input.codeId, from, to),
      this.events.excluded(input.accountId, input.codeId, from, to),
    ]);
    const byDay = new Map(rows.map((r) => [r.day, r]));
    const daily = [];
    for (let day = from; day <= to; day += 1) {
      const row = byDay.get(day);
      daily.push({
        date: dayIso(day),
        scans: row?.events ?? 0,
        uniqueVisitors: row?.uniques ?? 0,
        excluded: excluded.get(day) ?? 0,
      });
    }
    const result: CodeAnalytics = {
      days,
      from: dayIso(from),
      to: dayIso(to),
      totals: {
        scans: rows.reduce((n, r) => n + r.events, 0),
        uniqueVisitors: rows.reduce((n, r) => n + r.uniques, 0),
        excluded: daily.reduce((n, d) => n + d.excluded, 0),
      },
      daily,
      countries: [],
      devices: [],
      os: [],
      browsers: [],
      placements: [],
    };
    for (const b of breakdowns) {
      const list = result[KEYS[b.dimension]];
      if (list.length < BREAKDOWN_LIMIT) list.push({ value: b.value === '' ? null : b.value, count: b.events });
    }
    return result;
  }

  /** Scans and unique visitors of a folder's codes (the caller supplies them) over the last `days` days. */
  async folderAnalytics(input: { accountId: string; codeIds: readonly string[]; days?: number }): Promise<FolderAnalytics> {
    const days = bounded(input.days, 30, 1, 365, 'days');
    const { from, to } = this.window(days);
    const perCode = await this.events.perTarget(input.accountId, input.codeIds, from, to);
    const codes = input.codeIds.map((codeId) => {
      const row = perCode.get(codeId);
      return { codeId, scans: row?.events ?? 0, uniqueVisitors: row?.uniques ?? 0 };
    });
    return {
      days,
      from: dayIso(from),
      to: dayIso(to),
      scans: codes.reduce((n, c) => n + c.scans, 0),
      uniqueVisitors: codes.reduce((n, c) => n + c.uniqueVisitors, 0),
      codes,
    };
  }

  /** Lifetime counted events per target id (0 for a target never hit). */
  async totals(targetIds: readonly string[]): Promise<Map<string, number>> {
    const found = await this.events.totals(targetIds);
    return new Map(targetIds.map((id) => [id, found.get(id) ?? 0]));
  }

  /** Hits excluded as automated or HEAD per day, for the account or one target. */
  async excluded(input: { accountId: string; targetId?: string; days?: number }) {
    const days = bounded(input.days, 30, 1, 3650, 'days');
    const { from, to } = this.window(days);
    const byDay = await this.events.excluded(input.accountId, input.targetId ?? null, from, to);
    const daily = [];
    for (let day = from; day <= to; day += 1) daily.push({ date: dayIso(day), excluded: byDay.get(day) ?? 0 });
    return { total: daily.reduce((n, d) => n + d.excluded, 0), daily };
  }

  /** Destroys a target's events, rollups, lifetime total and alerts; returns the events removed. */
  async clearTarget(input: { accountId: string; targetId: string }): Promise<{ removed: number }> {
    await this.flushPending().catch(() => undefined);
    return { removed: await this.events.clearTarget(input.accountId, input.targetId) };
  }

  /** Retention: deletes raw events older than `days` in chunks; rollups keep the analytics. */
  async purgeOlderThan(days: number, chunk = 5000): Promise<number> {
    const cutoff = this.clock.now() - days * DAY_MS;
    let removed = 0;
    for (;;) {
      const n = await this.events.deleteOlderThan(cutoff, chunk);
      removed += n;
      if (n < chunk) return removed;
    }
  }

  /**
   * Builds the monthly breakdowns of the oldest month not compacted yet, once it has been over for
   * `COMPACTION_GRACE_MS` (ADR 0017). One month per call; returns it, or null when none is due.
   */
  async compactClosedMonth(): Promise<number | null> {
    const now = this.clock.now();
    return this.events.compactNextMonth(monthOf(dayOf(now - COMPACTION_GRACE_MS)) - 1, now);
  }

  /** Destroys the salts and visitor hashes of finished days. */
  async destroyPastSalts(): Promise<void> {
    await this.salts.purgeBefore(dayOf(this.clock.now()));
  }

  private window(days: number): { from: number; to: number } {
    const to = dayOf(this.clock.now());
    return { from: to - days + 1, to };
  }
}
