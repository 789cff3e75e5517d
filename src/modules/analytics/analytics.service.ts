import type { Clock } from '../../lib/clock.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { CodesRepository } from '../codes/codes.repository.js';
import { dayIso } from '../events/events.types.js';
import type { FoldersService } from '../folders/folders.service.js';
import { assertCan, type Actor } from '../team/roles.policy.js';
import type { AnalyticsRepository } from './analytics.repository.js';
import {
  bounded,
  BREAKDOWN_KEYS,
  BREAKDOWN_LIMIT,
  windowOf,
  type CodeAnalytics,
  type EventPage,
  type FolderAnalytics,
  type ListEventsInput,
} from './analytics.types.js';
import type { FolderAnalyticsSource } from './folder-analytics.js';

export interface AnalyticsDeps {
  events: AnalyticsRepository;
  folders: FoldersService;
  codes: CodesRepository;
  /** Answers a folder's figures (the rollups; tests put their own in its place). */
  folderFigures: FolderAnalyticsSource;
  clock: Clock;
}

/**
 * The read side of events: the event log, a target's analytics, a folder's, the excluded hits. Every
 * call takes the acting person, who needs analytics:read, and reads only their account's figures.
 * Unique visitors over a window are the sum of daily uniques (docs/adr/0032-unique-visitors.md).
 */
export class AnalyticsService {
  private readonly events: AnalyticsRepository;
  private readonly clock: Clock;

  constructor(private readonly deps: AnalyticsDeps) {
    ({ events: this.events, clock: this.clock } = deps);
  }

  async list(actor: Actor, input: ListEventsInput = {}): Promise<EventPage> {
    assertCan(actor, 'analytics:read');
    const limit = bounded(input.limit, 50, 1, 100, 'limit');
    const before = input.cursor === undefined ? undefined : decodeCursor(input.cursor);
    const rows = await this.events.page({
      ...input,
      accountId: actor.accountId,
      limit: limit + 1,
      before,
      now: this.clock.now(),
    });
    const events = rows.slice(0, limit);
    return { events, nextCursor: rows.length > limit ? encodeCursor(events.at(-1)!.id) : null };
  }

  /** Totals, a zero-filled daily series and breakdowns over the last `days` UTC days, from rollups only. */
  async codeAnalytics(actor: Actor, input: { codeId: string; days?: number }): Promise<CodeAnalytics> {
    assertCan(actor, 'analytics:read');
    const { accountId } = actor;
    const days = bounded(input.days, 30, 1, 3650, 'days');
    const { from, to } = windowOf(this.clock, days);
    const [rows, breakdowns, excluded] = await Promise.all([
      this.events.days(accountId, input.codeId, from, to),
      this.events.breakdowns(accountId, input.codeId, from, to),
      this.events.excluded(accountId, input.codeId, from, to),
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
      const list = result[BREAKDOWN_KEYS[b.dimension]];
      if (list.length < BREAKDOWN_LIMIT) list.push({ value: b.value === '' ? null : b.value, count: b.events });
    }
    return result;
  }

  /** Scans and unique visitors of the folder's codes over the last `days` days (1 to 365, default 30). */
  async folderAnalytics(actor: Actor, folderId: string, window?: number): Promise<FolderAnalytics> {
    assertCan(actor, 'analytics:read');
    const days = bounded(window, 30, 1, 365, 'days');
    await this.deps.folders.get(actor, folderId);
    const { accountId } = actor;
    const codes = await this.deps.codes.inFolder(accountId, folderId);
    const figures = await this.deps.folderFigures.folderAnalytics({ accountId, codeIds: codes.map((c) => c.id), days });
    const byCode = new Map(figures.codes.map((c) => [c.codeId, c]));
    const rows = codes.map((code, order) => {
      const f = byCode.get(code.id);
      return { codeId: code.id, name: code.name, scans: f?.scans ?? 0, uniqueVisitors: f?.uniqueVisitors ?? 0, order };
    });
    rows.sort((a, b) => b.scans - a.scans || a.order - b.order);
    return {
      days,
      scans: figures.scans,
      uniqueVisitors: figures.uniqueVisitors,
      codes: rows.map(({ order: _order, ...row }) => row),
    };
  }

  /** Hits excluded as automated or HEAD per day, for the account or one target. */
  async excluded(actor: Actor, input: { targetId?: string; days?: number }) {
    assertCan(actor, 'analytics:read');
    const days = bounded(input.days, 30, 1, 3650, 'days');
    const { from, to } = windowOf(this.clock, days);
    const byDay = await this.events.excluded(actor.accountId, input.targetId ?? null, from, to);
    const daily = [];
    for (let day = from; day <= to; day += 1) daily.push({ date: dayIso(day), excluded: byDay.get(day) ?? 0 });
    return { total: daily.reduce((n, d) => n + d.excluded, 0), daily };
  }
}
