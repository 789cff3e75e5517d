import type { Clock } from '../../lib/clock.js';
import { InvalidRequest } from '../../lib/errors.js';
import type { AccountLookup } from '../../identity/index.js';
import { dayIso, dayOf, QUARTER_DAYS, QUARTER_MS, QUARTERS_PER_DAY } from '../events/events.types.js';
import type { EventSource, Figures } from '../events/events.sink.js';
import { placeOf } from '../events/places.js';
import { BREAKDOWN_KEYS, BREAKDOWN_LIMIT, type FiguresExtras, type WindowFigures } from './analytics.types.js';
import { resolveRange, ZonedRange, type RangeInput } from './range.js';

/** Hourly series are given for ranges of at most this many days. */
export const HOURLY_MAX_DAYS = 7;

/** What every analytics read may ask beside its range. */
export interface FiguresOptions extends RangeInput {
  /** `hour` adds an hourly series (ranges of up to 7 days). */
  interval?: 'day' | 'hour';
  /** Adds the same figures for the days just before the range, and the change. */
  compare?: boolean;
  /** Adds the weekday × hour grid. */
  grid?: boolean;
}

/** Turns a request's range into the account's zone's days, and knows from when quarter rows exist. */
export class RangeReader {
  constructor(private readonly deps: { events: EventSource; accounts: Pick<AccountLookup, 'findById'>; clock: Clock }) {}

  async range(accountId: string, input: RangeInput, maxDays: number): Promise<ZonedRange> {
    const account = await this.deps.accounts.findById(accountId);
    const { from, to, zone } = resolveRange(input, { clock: this.deps.clock, zone: account?.timezone ?? 'UTC', maxDays });
    const start = await this.deps.events.quarterStart(accountId);
    const horizon = Math.max(start, dayOf(this.deps.clock.now()) - QUARTER_DAYS);
    return new ZonedRange(from, to, zone, horizon);
  }
}

/** Events and uniques per day of the zone over the range (days without any left out). */
export async function dailyOf(
  events: EventSource,
  accountId: string,
  ids: readonly string[],
  range: ZonedRange,
): Promise<Map<number, Figures>> {
  const out = new Map<number, Figures>();
  const add = (day: number, f: Figures) => {
    const found = out.get(day) ?? { events: 0, uniques: 0 };
    out.set(day, { events: found.events + f.events, uniques: found.uniques + f.uniques });
  };
  const [utc, ...zoned] = await Promise.all([
    range.utcDays ? events.daysOf(accountId, ids, range.utcDays[0], range.utcDays[1]) : new Map<number, Figures>(),
    ...range.pieces().map((p) => events.buckets(accountId, ids, p, QUARTERS_PER_DAY)),
  ]);
  for (const [day, f] of utc) add(day, f);
  for (const piece of zoned) for (const [day, f] of piece) add(day, f);
  return out;
}

/** An hour of the zone: when it starts (UTC), its wall-clock time there, and its figures. */
export interface HourFigures {
  at: string;
  local: string;
  scans: number;
  uniqueVisitors: number;
}

/** Every hour of the range in the zone, zero-filled; a clock change gives the hours the zone really had. */
export async function hourlyOf(
  events: EventSource,
  accountId: string,
  ids: readonly string[],
  range: ZonedRange,
): Promise<HourFigures[]> {
  if (range.days > HOURLY_MAX_DAYS) throw new InvalidRequest(`interval=hour covers at most ${HOURLY_MAX_DAYS} days.`, 'interval');
  if (range.utcDays !== null) throw new InvalidRequest(`hourly figures are kept for the last ${QUARTER_DAYS} days.`, 'interval');
  const out: HourFigures[] = [];
  for (const piece of range.pieces()) {
    const figures = await events.buckets(accountId, ids, piece, 4);
    const first = Math.floor((piece.from + piece.shift) / 4);
    const last = Math.floor((piece.to - 1 + piece.shift) / 4);
    for (let hour = first; hour <= last; hour += 1) {
      const at = Math.max(piece.from, hour * 4 - piece.shift) * QUARTER_MS;
      const f = figures.get(hour);
      out.push({
        at: new Date(at).toISOString().replace('.000Z', 'Z'),
        local: new Date(hour * 4 * QUARTER_MS).toISOString().slice(0, 16),
        scans: f?.events ?? 0,
        uniqueVisitors: f?.uniques ?? 0,
      });
    }
  }
  return out;
}

/** Events per weekday (rows, Monday first) and hour of the day (columns) of the zone. */
export async function gridFigures(
  events: EventSource,
  accountId: string,
  ids: readonly string[],
  range: ZonedRange,
): Promise<number[][]> {
  const grid = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
  for (const cell of await events.grid(accountId, ids, range.pieces())) grid[cell.weekday]![cell.hour] = cell.events;
  return grid;
}

/**
 * The figures of a set of targets over a range of the zone's days: totals, a zero-filled daily
 * series, and the breakdowns. Excluded hits are counted per UTC day: the zone's day D shows UTC day D's.
 */
export async function rangeFigures(
  events: EventSource,
  accountId: string,
  ids: readonly string[],
  range: ZonedRange,
): Promise<WindowFigures> {
  const [byDay, breakdowns, excluded] = await Promise.all([
    dailyOf(events, accountId, ids, range),
    events.breakdowns(accountId, ids, range.span()),
    events.excluded(accountId, ids, range.from, range.to),
  ]);
  const daily = [];
  for (let day = range.from; day <= range.to; day += 1) {
    const row = byDay.get(day);
    daily.push({
      date: dayIso(day),
      scans: row?.events ?? 0,
      uniqueVisitors: row?.uniques ?? 0,
      excluded: excluded.get(day) ?? 0,
    });
  }
  const figures: WindowFigures = {
    totals: {
      scans: daily.reduce((n, d) => n + d.scans, 0),
      uniqueVisitors: daily.reduce((n, d) => n + d.uniqueVisitors, 0),
      excluded: daily.reduce((n, d) => n + d.excluded, 0),
    },
    daily,
    countries: [],
    devices: [],
    os: [],
    browsers: [],
    placements: [],
    regions: [],
    cities: [],
  };
  for (const b of breakdowns) {
    if (b.dimension === 'place.region') {
      if (figures.regions.length >= BREAKDOWN_LIMIT) continue;
      const { value, country } = placeOf(b.dimension, b.value);
      figures.regions.push({ value, country, count: b.events });
    } else if (b.dimension === 'place.city') {
      if (figures.cities.length >= BREAKDOWN_LIMIT) continue;
      const { value, region, country } = placeOf(b.dimension, b.value);
      figures.cities.push({ value, region, country, count: b.events });
    } else {
      const list = figures[BREAKDOWN_KEYS[b.dimension]];
      if (list.length < BREAKDOWN_LIMIT) list.push({ value: b.value === '' ? null : b.value, count: b.events });
    }
  }
  return figures;
}

/** The range's window as the responses give it. */
export const windowOfRange = (range: ZonedRange) => ({
  days: range.days,
  from: dayIso(range.from),
  to: dayIso(range.to),
  tz: range.zone,
});

/** The change from `before` to `now` as a fraction (0.25 = up a quarter); null when before was 0. */
export const change = (now: number, before: number): number | null =>
  before === 0 ? null : Math.round(((now - before) / before) * 10_000) / 10_000;

/** The same number of days just before the range, and the change from them to `totals`. */
export async function previousOf(
  events: EventSource,
  accountId: string,
  ids: readonly string[],
  range: ZonedRange,
  totals: { scans: number; uniqueVisitors: number },
): Promise<NonNullable<FiguresExtras['previous']>> {
  const before = range.previous();
  const byDay = await dailyOf(events, accountId, ids, before);
  const daily = [];
  for (let day = before.from; day <= before.to; day += 1) {
    const row = byDay.get(day);
    daily.push({ date: dayIso(day), scans: row?.events ?? 0, uniqueVisitors: row?.uniques ?? 0 });
  }
  const scans = daily.reduce((n, d) => n + d.scans, 0);
  const uniqueVisitors = daily.reduce((n, d) => n + d.uniqueVisitors, 0);
  return {
    from: dayIso(before.from),
    to: dayIso(before.to),
    totals: { scans, uniqueVisitors },
    daily,
    change: { scans: change(totals.scans, scans), uniqueVisitors: change(totals.uniqueVisitors, uniqueVisitors) },
  };
}

/** The hourly series, grid and comparison a request asked for, beside figures already read. */
export async function extrasOf(
  events: EventSource,
  accountId: string,
  ids: readonly string[],
  range: ZonedRange,
  options: FiguresOptions,
  totals: { scans: number; uniqueVisitors: number },
): Promise<FiguresExtras> {
  const out: FiguresExtras = {};
  if (options.interval === 'hour') out.hourly = await hourlyOf(events, accountId, ids, range);
  if (options.grid) out.grid = await gridFigures(events, accountId, ids, range);
  if (options.compare) out.previous = await previousOf(events, accountId, ids, range, totals);
  return out;
}
