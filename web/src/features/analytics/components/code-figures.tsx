import { Button } from '../../../components/ui/button';
import { ErrorMessage, Loading } from '../../../components/ui/states';
import { useCodeAnalytics } from '../api/analytics';
import { downloadCsv } from '../../../lib/csv';
import { compared, PreviousPeriod } from './compared';
import { DayRange, Totals } from './figures';
import { ReportLink } from './report-link';
import { Series, seriesCsvRows, type SeriesView } from './series-figures';

/** One code's scans over the window: totals, the chart, the breakdowns, and the CSV of them all. */
export function CodeFigures({ codeId, name, view }: { codeId: string; name: string; view: SeriesView }) {
  const analytics = useCodeAnalytics(codeId, view);
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
          <ReportLink subject="codes" id={codeId} range={view.range} />
        </div>
      </div>
      <PreviousPeriod previous={a.previous} />
      <Totals
        items={[
          { label: 'Scans', value: a.totals.scans, change: compared(a.previous, 'scans', a.totals.scans) },
          {
            label: 'Unique visitors',
            value: a.totals.uniqueVisitors,
            hint: 'summed per day',
            change: compared(a.previous, 'uniqueVisitors', a.totals.uniqueVisitors),
          },
          { label: 'Automated requests excluded', value: a.totals.excluded },
        ]}
      />
      <Series figures={a} view={view} />
    </div>
  );
}
