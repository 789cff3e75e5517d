/** The days a page shows: the last `days`, or the dates `from` to `to` (the account's time zone). */
export interface DayRangeQuery {
  days?: number;
  from?: string;
  to?: string;
}

export type Interval = 'day' | 'hour';

/** Hours are offered for ranges of at most this many days (the API's own bound). */
export const HOUR_RANGE_DAYS = 7;

const DAY_MS = 86_400_000;

/** How many days the range spans, both ends included. */
export function rangeDays(range: DayRangeQuery): number {
  if (range.from && range.to) return Math.round((Date.parse(range.to) - Date.parse(range.from)) / DAY_MS) + 1;
  return range.days ?? 30;
}

/** Whether the chart may switch to hours for this range. */
export const hoursAllowed = (range: DayRangeQuery): boolean => rangeDays(range) <= HOUR_RANGE_DAYS;

/** The interval asked for, kept only where the range allows it. */
export const effectiveInterval = (asked: string | undefined, range: DayRangeQuery): Interval =>
  asked === 'hour' && hoursAllowed(range) ? 'hour' : 'day';

/** The range as query parameters: `from` and `to` when both are set, else `days`. */
export function rangeParams(range: DayRangeQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (range.from && range.to) {
    params.set('from', range.from);
    params.set('to', range.to);
  } else params.set('days', String(range.days ?? 30));
  return params;
}

/** Whose figures an export holds: one code's, or the whole account's. */
export type ExportSubject = { kind: 'code'; id: string } | { kind: 'account' };

/** The parts of the figures the service exports as CSV. */
export type ExportPart =
  'daily' | 'hourly' | 'grid' | 'countries' | 'regions' | 'cities' | 'devices' | 'os' | 'browsers' | 'placements';

/** The address of one part's CSV over the range, through the dashboard's session (a plain link downloads it). */
export function exportHref(subject: ExportSubject, part: ExportPart, range: DayRangeQuery): string {
  const params = rangeParams(range);
  params.set('part', part);
  const path =
    subject.kind === 'code' ? `/analytics/codes/${encodeURIComponent(subject.id)}/export` : '/analytics/account/export';
  return `/app/api/v1${path}?${params.toString()}`;
}
