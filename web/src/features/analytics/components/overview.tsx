import { Button } from '../../../components/ui/button';
import { ErrorMessage, Loading } from '../../../components/ui/states';
import { useAccountAnalytics } from '../api/analytics';
import { downloadCsv } from '../../../lib/csv';
import { CodeShares, codeShareRows } from './code-shares';
import { compared, PreviousPeriod } from './compared';
import { DayRange, Totals } from './figures';
import { Series, seriesCsvRows, type SeriesView } from './series-figures';

/** Every code of the account together over the window: totals, the most scanned codes, the chart and breakdowns. */
export function Overview({ view }: { view: SeriesView }) {
  const analytics = useAccountAnalytics(view);
  if (analytics.isPending) return <Loading label="Loading figures…" />;
  if (analytics.isError) return <ErrorMessage error={analytics.error} retry={() => void analytics.refetch()} />;
  const a = analytics.data;
  return (
    <div class="stack">
      <div class="section-head">
        <h2>
          All codes, <DayRange from={a.from} to={a.to} />
        </h2>
        <Button
          variant="secondary"
          onClick={() =>
            downloadCsv(`qrelay-account-${a.from}-${a.to}.csv`, [...codeShareRows(a.topCodes), [], ...seriesCsvRows(a)])
          }
        >
          Export CSV
        </Button>
      </div>
      <PreviousPeriod previous={a.previous} />
      <Totals
        items={[
          { label: 'Scans', value: a.totals.scans, change: compared(a.previous, 'scans', a.totals.scans) },
          {
            label: 'Unique visitors',
            value: a.totals.uniqueVisitors,
            hint: 'summed per code and day',
            change: compared(a.previous, 'uniqueVisitors', a.totals.uniqueVisitors),
          },
          { label: 'Automated requests excluded', value: a.totals.excluded },
          { label: 'Codes', value: a.codeCount },
        ]}
      />
      <CodeShares caption="Most scanned codes in the window" codes={a.topCodes} empty="No code was scanned in this window." />
      <Series figures={a} view={view} />
    </div>
  );
}
