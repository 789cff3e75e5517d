import { Button } from '../../../components/ui/button';
import { ErrorMessage, Loading } from '../../../components/ui/states';
import { useCodeAnalytics, type DayRangeQuery } from '../api/analytics';
import { downloadCsv } from '../../../lib/csv';
import { changeHint, DayRange, Totals } from './figures';
import { ReportLink } from './report-link';
import { Series, seriesCsvRows } from './series-figures';

/** One code's scans over the window: totals, the chart, the breakdowns, and the CSV of them all. */
export function CodeFigures({ codeId, name, range }: { codeId: string; name: string; range: DayRangeQuery }) {
  const analytics = useCodeAnalytics(codeId, range);
  if (analytics.isPending) return <Loading label="Loading figures…" />;
  if (analytics.isError) return <ErrorMessage error={analytics.error} retry={() => void analytics.refetch()} />;
  const a = analytics.data;
  return (
    <div class="stack">
      <div class="section-head">
        <h2>
          {name}, <DayRange from={a.from} to={a.to} />
        </h2>
        <div class="actions">
          <Button variant="secondary" onClick={() => downloadCsv(`qrelay-${name}-${a.from}-${a.to}.csv`, seriesCsvRows(a))}>
            Export CSV
          </Button>
          <ReportLink subject="codes" id={codeId} range={range} />
        </div>
      </div>
      <Totals
        items={[
          { label: 'Scans', value: a.totals.scans, hint: changeHint(a.previous?.change.scans) },
          { label: 'Unique visitors', value: a.totals.uniqueVisitors, hint: 'summed per day' },
          { label: 'Automated requests excluded', value: a.totals.excluded },
        ]}
      />
      <Series figures={a} />
    </div>
  );
}
