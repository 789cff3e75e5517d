import { stringify } from 'csv-stringify/sync';
import type { Breakdown, CodeAnalytics } from '../../../../traffic/index.js';

/** The parts of a read over a range that export as CSV: the series, the grid and every breakdown. */
export const CSV_PARTS = [
  'daily',
  'hourly',
  'grid',
  'countries',
  'devices',
  'os',
  'browsers',
  'placements',
  'regions',
  'cities',
] as const;
export type CsvPart = (typeof CSV_PARTS)[number];

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** A text a spreadsheet would run as a formula (= + - @ first) gets a ' before it. */
const cell = (value: string | null): string => (value === null ? '' : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** One part of the figures as CSV, a header row first; the dimension name heads a breakdown's values, a place's beside where it lies. */
export function figuresCsv(figures: Omit<CodeAnalytics, 'totals'>, part: CsvPart): string {
  const rows: unknown[][] = [];
  if (part === 'daily') {
    rows.push(['date', 'scans', 'uniqueVisitors', 'excluded']);
    for (const d of figures.daily) rows.push([d.date, d.scans, d.uniqueVisitors, d.excluded]);
  } else if (part === 'hourly') {
    rows.push(['at', 'local', 'scans', 'uniqueVisitors']);
    for (const x of figures.hourly ?? []) rows.push([x.at, x.local, x.scans, x.uniqueVisitors]);
  } else if (part === 'grid') {
    rows.push(['weekday', ...Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'))]);
    (figures.grid ?? []).forEach((row, day) => rows.push([WEEKDAYS[day], ...row]));
  } else if (part === 'regions') {
    rows.push(['region', 'country', 'scans']);
    for (const r of figures.regions) rows.push([cell(r.value), cell(r.country), r.count]);
  } else if (part === 'cities') {
    rows.push(['city', 'region', 'country', 'scans']);
    for (const c of figures.cities) rows.push([cell(c.value), cell(c.region), cell(c.country), c.count]);
  } else {
    const list: Breakdown[] = figures[part];
    rows.push([part === 'countries' ? 'country' : part === 'devices' ? 'device' : part.replace(/s$/, ''), 'scans']);
    for (const b of list) rows.push([cell(b.value), b.count]);
  }
  return stringify(rows, { record_delimiter: '\r\n' });
}
