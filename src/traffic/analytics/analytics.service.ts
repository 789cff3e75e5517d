import type { Clock } from '../../lib/clock.js';
import { encodeCursor } from '../../lib/cursor.js';
import { InvalidRequest, NotFound } from '../../lib/errors.js';
import type { CodeLookup, FoldersService } from '../../catalog/index.js';
import { dayIso, seqOfEventId } from '../events/events.types.js';
import { assertCan, type Person } from '../../platform/index.js';
import type { EventSource } from '../events/events.sink.js';
import {
  bounded,
  TOP_CODES,
  windowOf,
  type AccountAnalytics,
  type CodeAnalytics,
  type EventPage,
  type FolderAnalytics,
  type ListEventsInput,
  type NamedCodeFigures,
} from './analytics.types.js';
import type { CodeFigures, FolderAnalyticsSource } from './folder-analytics.js';
import { windowFigures } from './window-figures.js';

/** Every code with its figures (zeros when it has none), most scanned first, then in the given order. */
function busiestFirst(codes: readonly { id: string; name: string }[], figures: readonly CodeFigures[]): NamedCodeFigures[] {
  const byCode = new Map(figures.map((c) => [c.codeId, c]));
  const rows = codes.map((code, order) => {
    const f = byCode.get(code.id);
    return { codeId: code.id, name: code.name, scans: f?.scans ?? 0, uniqueVisitors: f?.uniqueVisitors ?? 0, order };
  });
  rows.sort((a, b) => b.scans - a.scans || a.order - b.order);
  return rows.map(({ order: _order, ...row }) => row);
}

/** The event sequence number inside an events page's cursor; InvalidRequest if it is not one this API returned. */
function decodeEventCursor(cursor: string): number {
  const seq = seqOfEventId(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (seq === null) throw new InvalidRequest('cursor is not one this API returned.', 'cursor');
  return seq;
}

export interface AnalyticsDeps {
  events: EventSource;
  folders: FoldersService;
  codes: CodeLookup;
  /** Answers a folder's figures (the rollups; tests put their own in its place). */
  folderFigures: FolderAnalyticsSource;
  clock: Clock;
}

/**
 * The read side of events: the event log, a target's analytics, a folder's, the account's, the excluded hits. Every
 * call takes the acting person, who needs analytics:read, and reads only their account's figures.
 * Unique visitors over a window are the sum of daily uniques.
 */
export class AnalyticsService {
  private readonly events: EventSource;
  private readonly clock: Clock;

  constructor(private readonly deps: AnalyticsDeps) {
    ({ events: this.events, clock: this.clock } = deps);
  }

  async list(actor: Person, input: ListEventsInput = {}): Promise<EventPage> {
    assertCan(actor, 'analytics:read');
    const limit = bounded(input.limit, 50, 1, 100, 'limit');
    const before = input.cursor === undefined ? undefined : decodeEventCursor(input.cursor);
    if (input.codeId !== undefined && !(await this.deps.codes.findInAccount(actor.accountId, input.codeId))) {
      throw new NotFound('code');
    }
    const rows = await this.events.page({ ...input, accountId: actor.accountId, limit: limit + 1, before });
    const events = rows.slice(0, limit);
    return { events, nextCursor: rows.length > limit ? encodeCursor(events.at(-1)!.id) : null };
  }

  /** Totals, a zero-filled daily series and breakdowns over the last `days` UTC days, from rollups only. */
  async codeAnalytics(actor: Person, input: { codeId: string; days?: number }): Promise<CodeAnalytics> {
    assertCan(actor, 'analytics:read');
    const days = bounded(input.days, 30, 1, 3650, 'days');
    const { from, to } = windowOf(this.clock, days);
    const figures = await windowFigures(this.events, actor.accountId, [input.codeId], from, to);
    return { days, from: dayIso(from), to: dayIso(to), ...figures };
  }

  /**
   * The folder's codes over the last `days` days (1 to 365, default 30): totals, each code's share, the
   * daily series and the breakdowns.
   */
  async folderAnalytics(actor: Person, folderId: string, window?: number): Promise<FolderAnalytics> {
    assertCan(actor, 'analytics:read');
    const days = bounded(window, 30, 1, 365, 'days');
    await this.deps.folders.get(actor, folderId);
    const { accountId } = actor;
    const codes = await this.deps.codes.inFolder(accountId, folderId);
    const { codes: perCode, ...figures } = await this.deps.folderFigures.folderAnalytics({
      accountId,
      codeIds: codes.map((c) => c.id),
      days,
    });
    const { from, to } = windowOf(this.clock, days);
    return { days, from: dayIso(from), to: dayIso(to), ...figures, codes: busiestFirst(codes, perCode) };
  }

  /**
   * Every code of the account together over the last `days` days (1 to 365, default 30): totals, the
   * daily series, the breakdowns and the most scanned codes of the window.
   */
  async accountAnalytics(actor: Person, input: { days?: number } = {}): Promise<AccountAnalytics> {
    assertCan(actor, 'analytics:read');
    const days = bounded(input.days, 30, 1, 365, 'days');
    const { accountId } = actor;
    const { from, to } = windowOf(this.clock, days);
    const codes = await this.deps.codes.inAccount(accountId);
    const ids = codes.map((c) => c.id);
    const [figures, perCode] = await Promise.all([
      windowFigures(this.events, accountId, ids, from, to),
      this.events.perTarget(accountId, ids, from, to),
    ]);
    const scanned = [...perCode].map(([codeId, f]) => ({ codeId, scans: f.events, uniqueVisitors: f.uniques }));
    const topCodes = busiestFirst(codes, scanned)
      .filter((c) => c.scans > 0)
      .slice(0, TOP_CODES);
    return { days, from: dayIso(from), to: dayIso(to), ...figures, codeCount: codes.length, topCodes };
  }

  /** Hits excluded as automated or HEAD per day, for the account or one target. */
  async excluded(actor: Person, input: { targetId?: string; days?: number }) {
    assertCan(actor, 'analytics:read');
    const days = bounded(input.days, 30, 1, 3650, 'days');
    const { from, to } = windowOf(this.clock, days);
    const byDay = await this.events.excluded(actor.accountId, input.targetId === undefined ? null : [input.targetId], from, to);
    const daily = [];
    for (let day = from; day <= to; day += 1) daily.push({ date: dayIso(day), excluded: byDay.get(day) ?? 0 });
    return { total: daily.reduce((n, d) => n + d.excluded, 0), daily };
  }
}
