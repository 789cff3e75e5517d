/** How a report writes its numbers, days and changes: in English, for a reader rather than a program. */

const numbers = new Intl.NumberFormat('en');
const days = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const regions = new Intl.DisplayNames(['en'], { type: 'region' });

export const formatCount = (n: number): string => numbers.format(n);

/** A day YYYY-MM-DD as "1 Feb 2026". */
export const formatDay = (date: string): string => days.format(new Date(`${date}T00:00:00Z`));

/** A range of days as "1 Feb 2026 – 28 Feb 2026", or the one day. */
export const formatDays = (from: string, to: string): string =>
  from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;

/** A change as a fraction, written "+25%" or "−10.5%"; null (nothing before) is "new" when there is something now. */
export function formatChange(change: number | null, now: number): string {
  if (change === null) return now === 0 ? 'no change' : 'new';
  if (change === 0) return 'no change';
  const percent = Math.round(change * 1000) / 10;
  return `${percent > 0 ? '+' : '−'}${numbers.format(Math.abs(percent))}%`;
}

/** An instant as the zone's wall-clock time, "12 Jan 2026, 13:00". */
export const formatInstant = (ms: number, zone: string): string =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(ms);

const DEVICES: Record<string, string> = { mobile: 'Mobile', tablet: 'Tablet', desktop: 'Desktop', unknown: 'Unknown' };

/** A breakdown's value as a reader names it: a country's English name, a device class capitalised, null as "Unknown". */
export function formatValue(dimension: 'countries' | 'devices' | 'os' | 'browsers', value: string | null): string {
  if (value === null || value === '') return 'Unknown';
  if (dimension === 'countries' && /^[A-Z]{2}$/.test(value)) return regions.of(value) ?? value;
  if (dimension === 'devices') return DEVICES[value] ?? value;
  return value;
}
