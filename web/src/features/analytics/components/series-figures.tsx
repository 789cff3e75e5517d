import type { CodeAnalytics } from '../api/analytics';
import type { DayRangeQuery, ExportPart, ExportSubject, Interval } from '../api/range';
import { CsvLink } from './csv-link';
import { FigureTable } from './figures';
import { IntervalSwitch } from './interval-switch';
import { Places } from './places';
import { ScansChart } from './scans-chart';
import { WeekGrid } from './week-grid';

/** What a code's, a folder's and the account's analytics share: the series, the extras and the breakdowns. */
export type SeriesFigures = Pick<
  CodeAnalytics,
  'daily' | 'countries' | 'devices' | 'os' | 'browsers' | 'placements' | 'hourly' | 'grid' | 'previous' | 'tz'
> & { regions?: unknown; cities?: unknown };

const BREAKDOWNS = [
  ['countries', 'Countries', 'Country'],
  ['devices', 'Devices', 'Device'],
  ['os', 'Operating systems', 'Operating system'],
  ['browsers', 'Browsers', 'Browser'],
  ['placements', 'Placements', 'Placement'],
] as const;

/** The series and breakdowns as CSV rows: the days, then each breakdown under its own heading row. */
export function seriesCsvRows(a: Omit<SeriesFigures, 'tz'>): (string | number | null)[][] {
  const rows: (string | number | null)[][] = [
    ['date', 'scans', 'unique visitors', 'excluded (automated)'],
    ...a.daily.map((d) => [d.date, d.scans, d.uniqueVisitors, d.excluded]),
  ];
  for (const [key, , single] of BREAKDOWNS) {
    rows.push([], [single.toLowerCase(), 'scans'], ...a[key].map((b) => [b.value ?? 'unknown', b.scans]));
  }
  return rows;
}

/** An hour of the zone, its date and its time each kept on one line. */
const HourCell = ({ local }: { local: string }) => (
  <>
    <span class="day">{local.slice(0, 10)}</span> <span class="day">{local.slice(11, 16)}</span>
  </>
);

/** How the series is shown: over which range, by day or hour, and where its CSV files come from (none for a folder). */
export interface SeriesView {
  range: DayRangeQuery;
  interval: Interval;
  onInterval: (next: Interval) => void;
  exports: ExportSubject | null;
}

/**
 * The chart by day or hour with the period before, the same figures as a table, when in the week people
 * scan, where they scanned, and one table per breakdown; each with its CSV where the service exports it.
 */
export function Series({ figures: a, view }: { figures: SeriesFigures; view: SeriesView }) {
  const csv = (part: ExportPart, what: string) =>
    view.exports ? <CsvLink subject={view.exports} part={part} range={view.range} what={what} /> : undefined;
  const hourly = view.interval === 'hour' ? a.hourly : undefined;
  return (
    <>
      <div class="section-head chart-head">
        <IntervalSwitch range={view.range} interval={view.interval} onChange={view.onInterval} />
        {hourly ? csv('hourly', 'scans by hour') : csv('daily', 'scans by day')}
      </div>
      <ScansChart daily={a.daily} hourly={hourly} previous={a.previous?.daily} />
      <details class="card figures-by">
        <summary>{hourly ? 'Figures by hour' : 'Figures by day'}</summary>
        {hourly ? (
          <FigureTable
            caption="Scans by hour"
            head={['Hour', 'Scans', 'Unique visitors']}
            rows={hourly.map((h) => [<HourCell local={h.local} />, h.scans, h.uniqueVisitors])}
          />
        ) : (
          <FigureTable
            caption="Scans by day"
            head={['Day', 'Scans', 'Unique visitors', 'Excluded']}
            rows={a.daily.map((d) => [d.date, d.scans, d.uniqueVisitors, d.excluded])}
          />
        )}
      </details>
      {a.grid ? <WeekGrid grid={a.grid} zone={a.tz} download={csv('grid', 'scans by weekday and hour')} /> : null}
      <Places
        countries={a.countries}
        regions={a.regions}
        cities={a.cities}
        downloads={{
          countries: csv('countries', 'countries'),
          regions: csv('regions', 'regions'),
          cities: csv('cities', 'cities'),
        }}
      />
      <div class="grid-2">
        {BREAKDOWNS.filter(([key]) => key !== 'countries').map(([key, title, single]) => (
          <FigureTable
            key={key}
            caption={title}
            head={[single, 'Scans']}
            rows={a[key].map((b) => [b.value ?? 'Unknown', b.scans])}
            tools={csv(key, title.toLowerCase())}
          />
        ))}
      </div>
    </>
  );
}
