import { Button } from '../../../components/ui/button';
import { ErrorMessage, Loading } from '../../../components/ui/states';
import { useCodeAnalytics, type CodeAnalytics } from '../api/analytics';
import { downloadCsv } from '../../../lib/csv';
import { FigureTable, Totals } from './figures';
import { ScansChart } from './scans-chart';

const BREAKDOWNS = [
  ['countries', 'Countries', 'Country'],
  ['devices', 'Devices', 'Device'],
  ['os', 'Operating systems', 'Operating system'],
  ['browsers', 'Browsers', 'Browser'],
  ['placements', 'Placements', 'Placement'],
] as const;

/** Every figure shown, as CSV rows: the days, then each breakdown under its own heading row. */
export function codeCsvRows(a: CodeAnalytics): (string | number | null)[][] {
  const rows: (string | number | null)[][] = [
    ['date', 'scans', 'unique visitors', 'excluded (automated)'],
    ...a.daily.map((d) => [d.date, d.scans, d.uniqueVisitors, d.excluded]),
  ];
  for (const [key, , single] of BREAKDOWNS) {
    rows.push([], [single.toLowerCase(), 'scans'], ...a[key].map((b) => [b.value ?? 'unknown', b.scans]));
  }
  return rows;
}

/** One code's scans over the window: totals, the chart, the breakdowns, and the CSV of them all. */
export function CodeFigures({ codeId, name, days }: { codeId: string; name: string; days: number }) {
  const analytics = useCodeAnalytics(codeId, days);
  if (analytics.isPending) return <Loading label="Loading figures…" />;
  if (analytics.isError) return <ErrorMessage error={analytics.error} retry={() => void analytics.refetch()} />;
  const a = analytics.data;
  return (
    <div class="stack">
      <div class="section-head">
        <h2>
          {name}, {a.from} to {a.to}
        </h2>
        <Button variant="secondary" onClick={() => downloadCsv(`qrelay-${name}-${a.from}-${a.to}.csv`, codeCsvRows(a))}>
          Export CSV
        </Button>
      </div>
      <Totals
        items={[
          { label: 'Scans', value: a.totals.scans },
          { label: 'Unique visitors', value: a.totals.uniqueVisitors, hint: 'summed per day' },
          { label: 'Automated requests excluded', value: a.totals.excluded },
        ]}
      />
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
    </div>
  );
}
