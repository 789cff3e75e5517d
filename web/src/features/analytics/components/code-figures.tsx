import { Button } from '../../../components/ui/button';
import { ErrorMessage, Loading } from '../../../components/ui/states';
import { useCodeAnalytics } from '../api/analytics';
import { downloadCsv } from '../../../lib/csv';
import { DayRange, Totals } from './figures';
import { Series, seriesCsvRows } from './series-figures';

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
          {name}, <DayRange from={a.from} to={a.to} />
        </h2>
        <Button variant="secondary" onClick={() => downloadCsv(`qrelay-${name}-${a.from}-${a.to}.csv`, seriesCsvRows(a))}>
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
      <Series figures={a} />
    </div>
  );
}
