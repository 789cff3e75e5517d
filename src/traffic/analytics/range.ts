import type { Clock } from '../../lib/clock.js';
import { InvalidRequest } from '../../lib/errors.js';
import { canonicalZone, isTimeZone, MINUTE_MS, startOfDay, stretches, zoneDayOf } from '../../lib/zones.js';
import { DAY_MS, dayIso, QUARTER_MS, QUARTERS_PER_DAY } from '../events/events.types.js';
import type { Piece, Span } from '../events/events.sink.js';
import { bounded } from './analytics.types.js';

/** How a caller names a range: the last `days` days, or dates `from` and `to` (inclusive), in zone `tz`. */
export interface RangeInput {
  days?: number;
  from?: string;
  to?: string;
  tz?: string;
}

/** The longest range `from` and `to` may name, in days. */
export const MAX_RANGE_DAYS = 3660;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dateDay(value: string, field: string): number {
  const m = DATE.exec(value);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || Number.isNaN(ms) || dayIso(ms / DAY_MS) !== value || ms < 0)
    throw new InvalidRequest(`${field} must be a date written YYYY-MM-DD, from 1970-01-01.`, field);
  return ms / DAY_MS;
}

/** The zone a request names, or the account's; 400 on a name the runtime does not know. */
export function zoneOf(tz: string | undefined, fallback: string): string {
  if (tz === undefined) return fallback;
  if (!isTimeZone(tz)) throw new InvalidRequest('tz must be an IANA time zone, such as Europe/Berlin or UTC.', 'tz');
  return canonicalZone(tz);
}

/** The days (the zone's, inclusive) a request names; `maxDays` bounds `days` only. */
export function resolveRange(
  input: RangeInput,
  options: { clock: Clock; zone: string; maxDays: number },
): { from: number; to: number; zone: string } {
  const zone = zoneOf(input.tz, options.zone);
  const today = zoneDayOf(options.clock.now(), zone);
  if (input.from === undefined && input.to === undefined) {
    const days = bounded(input.days, 30, 1, options.maxDays, 'days');
    return { from: today - days + 1, to: today, zone };
  }
  if (input.days !== undefined) throw new InvalidRequest('days cannot be given with from or to.', 'days');
  const to = input.to === undefined ? today : dateDay(input.to, 'to');
  const from = input.from === undefined ? to - 29 : dateDay(input.from, 'from');
  if (from > to) throw new InvalidRequest('from must be on or before to.', 'from');
  if (to - from + 1 > MAX_RANGE_DAYS) throw new InvalidRequest(`a range spans at most ${MAX_RANGE_DAYS} days.`, 'to');
  return { from, to, zone };
}

/**
 * A range of a zone's days as the rollups read it. From `horizon` (a UTC day) on, quarter rows
 * give each instant to its own day and hour in the zone; before it, only daily rows exist and the
 * zone's day D is read as UTC day D. Every instant is counted once either way, so adjacent ranges
 * add up; the day at the seam may be longer or shorter by the zone's offset.
 */
export class ZonedRange {
  /** The quarter-row part of the range, [start, end) in ms (empty when end <= start). */
  readonly start: number;
  readonly end: number;
  /** The days read from daily rows (before the horizon), or null. */
  readonly utcDays: [number, number] | null;

  constructor(
    readonly from: number,
    readonly to: number,
    readonly zone: string,
    readonly horizon: number,
  ) {
    this.utcDays = from < horizon ? [from, Math.min(to, horizon - 1)] : null;
    this.start = Math.max(startOfDay(from, zone), horizon * DAY_MS);
    this.end = startOfDay(to + 1, zone);
  }

  get days(): number {
    return this.to - this.from + 1;
  }

  /** The same number of days just before this range. */
  previous(): ZonedRange {
    return new ZonedRange(this.from - this.days, this.from - 1, this.zone, this.horizon);
  }

  /** The whole range as whole UTC days (daily and monthly rows) and quarter ranges at its edges. */
  span(): Span {
    if (this.end <= this.start) return { days: this.utcDays, quarters: [] };
    const q = (ms: number) => ms / QUARTER_MS;
    const first = Math.ceil(this.start / DAY_MS);
    const last = Math.floor(this.end / DAY_MS);
    if (first >= last) return { days: this.utcDays, quarters: [[q(this.start), q(this.end)]] };
    const quarters: [number, number][] = [];
    if (this.start < first * DAY_MS) quarters.push([q(this.start), first * QUARTERS_PER_DAY]);
    if (last * DAY_MS < this.end) quarters.push([last * QUARTERS_PER_DAY, q(this.end)]);
    return { days: [this.utcDays?.[0] ?? first, last - 1], quarters };
  }

  /** The quarter-row part cut where the zone's offset changes, each with its shift in quarters. */
  pieces(): Piece[] {
    return stretches(this.start, this.end, this.zone).map((s) => ({
      from: s.from / QUARTER_MS,
      to: s.to / QUARTER_MS,
      shift: Math.round((s.offset * MINUTE_MS) / QUARTER_MS),
    }));
  }
}
