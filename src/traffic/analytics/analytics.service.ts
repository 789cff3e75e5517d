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
  type AccountAnalytics,
  type CodeAnalytics,
  type EventPage,
  type FolderAnalytics,
  type ListEventsInput,
  type NamedCodeFigures,
} from './analytics.types.js';
import type { CodeFigures, FolderAnalyticsSource } from './folder-analytics.js';
import { extrasOf, rangeFigures, windowOfRange, type FiguresOptions, type RangeReader } from './range-figures.js';

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
  /** Turns a request's range into days of the account's zone. */
  ranges: RangeReader;
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

  /**
   * A target's figures (a code's; any target of the account by its id): totals, a zero-filled daily
   * series and breakdowns over the range in its zone, and the extras asked for. The caller has
   * checked that the target is the account's.
   */
  async codeAnalytics(actor: Person, input: FiguresOptions & { codeId: string }): Promise<CodeAnalytics> {
    assertCan(actor, 'analytics:read');
    const { accountId } = actor;
    const range = await this.deps.ranges.range(accountId, input, 3650);
    const ids = [input.codeId];
    const figures = await rangeFigures(this.events, accountId, ids, range);
    const extras = await extrasOf(this.events, accountId, ids, range, input, figures.totals);
    return { ...windowOfRange(range), ...figures, ...extras };
  }

  /**
   * The folder's codes over the range (`days` 1 to 365, default 30): totals, each code's share, the
   * daily series and the breakdowns.
   */
  async folderAnalytics(actor: Person, folderId: string, input: FiguresOptions = {}): Promise<FolderAnalytics> {
    assertCan(actor, 'analytics:read');
    const { accountId } = actor;
    const range = await this.deps.ranges.range(accountId, input, 365);
    await this.deps.folders.get(actor, folderId);
    const codes = await this.deps.codes.inFolder(accountId, folderId);
    const ids = codes.map((c) => c.id);
    const { codes: perCode, ...figures } = await this.deps.folderFigures.folderAnalytics({ accountId, codeIds: ids, range });
    const extras = await extrasOf(this.events, accountId, ids, range, input, figures);
    return { ...windowOfRange(range), ...figures, ...extras, codes: busiestFirst(codes, perCode) };
  }

  /**
   * Every code of the account together over the range (`days` 1 to 365, default 30): totals, the
   * daily series, the breakdowns and the most scanned codes of the range.
   */
  async accountAnalytics(actor: Person, input: FiguresOptions = {}): Promise<AccountAnalytics> {
    assertCan(actor, 'analytics:read');
    const { accountId } = actor;
    const range = await this.deps.ranges.range(accountId, input, 365);
    const codes = await this.deps.codes.inAccount(accountId);
    const ids = codes.map((c) => c.id);
    const [figures, perCode] = await Promise.all([
      rangeFigures(this.events, accountId, ids, range),
      this.events.perTarget(accountId, ids, range.span()),
    ]);
    const extras = await extrasOf(this.events, accountId, ids, range, input, figures.totals);
    const scanned = [...perCode].map(([codeId, f]) => ({ codeId, scans: f.events, uniqueVisitors: f.uniques }));
    const topCodes = busiestFirst(codes, scanned)
      .filter((c) => c.scans > 0)
      .slice(0, TOP_CODES);
    return { ...windowOfRange(range), ...figures, ...extras, codeCount: codes.length, topCodes };
  }

  /** Hits excluded as automated or HEAD per day, for the account or one target. */
  async excluded(actor: Person, input: FiguresOptions & { targetId?: string }) {
    assertCan(actor, 'analytics:read');
    const range = await this.deps.ranges.range(actor.accountId, input, 3650);
    const byDay = await this.events.excluded(
      actor.accountId,
      input.targetId === undefined ? null : [input.targetId],
      range.from,
      range.to,
    );
    const daily = [];
    for (let day = range.from; day <= range.to; day += 1) daily.push({ date: dayIso(day), excluded: byDay.get(day) ?? 0 });
    return { total: daily.reduce((n, d) => n + d.excluded, 0), daily };
  }
}
