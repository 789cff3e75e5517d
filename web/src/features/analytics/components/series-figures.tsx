import type { CodeAnalytics } from '../api/analytics';
import { FigureTable } from './figures';
import { ScansChart } from './scans-chart';

/** What a code's, a folder's and the account's analytics share: the daily series and the breakdowns. */
export type SeriesFigures = Pick<CodeAnalytics, 'daily' | 'countries' | 'devices' | 'os' | 'browsers' | 'placements'>;

const BREAKDOWNS = [
  ['countries', 'Countries', 'Country'],
  ['devices', 'Devices', 'Device'],
  ['os', 'Operating systems', 'Operating system'],
  ['browsers', 'Browsers', 'Browser'],
  ['placements', 'Placements', 'Placement'],
] as const;

/** The series and breakdowns as CSV rows: the days, then each breakdown under its own heading row. */
export function seriesCsvRows(a: SeriesFigures): (string | number | null)[][] {
  const rows: (string | number | null)[][] = [
    ['date', 'scans', 'unique visitors', 'excluded (automated)'],
    ...a.daily.map((d) => [d.date, d.scans, d.uniqueVisitors, d.excluded]),
  ];
  for (const [key, , single] of BREAKDOWNS) {
    rows.push([], [single.toLowerCase(), 'scans'], ...a[key].map((b) => [b.value ?? 'unknown', b.scans]));
  }
  return rows;
}

/** The chart of scans and unique visitors by day, the same figures as a table, and one table per breakdown. */
export function Series({ figures: a }: { figures: SeriesFigures }) {
  return (
    <>
      <ScansChart daily={a.daily} />
      <details class="card">
        <summary>Figures by day</summary>
        <FigureTable
          caption="Scans by day"
          head={['Day', 'Scans', 'Unique visitors', 'Excluded']}
          rows={a.daily.map((d) => [d.date, d.scans, d.uniqueVisitors, d.excluded])}
        />
      </details>
      <div class="grid-2">
        {BREAKDOWNS.map(([key, title, single]) => (
          <FigureTable
            key={key}
            caption={title}
            head={[single, 'Scans']}
            rows={a[key].map((b) => [b.value ?? 'Unknown', b.scans])}
          />
        ))}
      </div>
    </>
  );
}
