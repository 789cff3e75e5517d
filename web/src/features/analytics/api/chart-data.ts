/** The figures a chart draws, shaped for uPlot: an x axis and one array a series. */
export interface DayPoint {
  date: string;
  scans: number;
  uniqueVisitors: number;
}

export interface HourPoint {
  /** Wall-clock time in the zone, YYYY-MM-DDTHH:MM. */
  local: string;
  scans: number;
  uniqueVisitors: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A wall-clock hour as a tick: the day at midnight ("Mar 5"), else the hour ("14:00"). */
export function hourTick(local: string): string {
  const [date = '', time = ''] = local.split('T');
  if (time.startsWith('00:')) return `${MONTHS[Number(date.slice(5, 7)) - 1] ?? ''} ${Number(date.slice(8, 10))}`;
  return time.slice(0, 5);
}

/** Which hours carry a tick: every `step` hours of the wall clock (or every few midnights), the step growing with the range. */
export function hourTicks(hours: readonly HourPoint[], widthPx: number): number[] {
  const room = Math.max(2, Math.floor(widthPx / 56));
  const step = [1, 2, 3, 6, 12, 24, 48, 72, 168].find((s) => hours.length / s <= room) ?? 168;
  // An hour of a half- or quarter-hour zone starts past the wall clock's hour (05:45): its hour counts.
  const hourOf = (h: HourPoint) => Number(h.local.slice(11, 13));
  const midnights = hours.flatMap((h, i) => (hourOf(h) === 0 ? [i] : []));
  // Past a day, every so many midnights; within a day, the wall-clock hours the step divides.
  if (step > 24) return midnights.filter((_, n) => n % (step / 24) === 0);
  return hours.flatMap((h, i) => (hourOf(h) % step === 0 ? [i] : []));
}

/**
 * The previous period's scans laid over this one's days, day by day (its first day under this one's
 * first), so the faint line reads "the same day of the period before"; null where it has no day.
 */
export const previousAligned = (days: readonly DayPoint[], previous: readonly { scans: number }[]): (number | null)[] =>
  days.map((_, i) => previous[i]?.scans ?? null);

/**
 * The x range of the chart: the data's own, but for a single point half a `step` either side of it,
 * where uPlot's own range for one point would span years.
 */
export function xRange(xs: ArrayLike<number>, min: number, max: number, step: number): [number, number] {
  return xs.length === 1 ? [xs[0]! - step / 2, xs[0]! + step / 2] : [min, max];
}
