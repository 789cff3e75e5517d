import { Button } from '../../../components/ui/button';
import { ErrorMessage, Loading } from '../../../components/ui/states';
import { useAccountAnalytics, type DayRangeQuery } from '../api/analytics';
import { downloadCsv } from '../../../lib/csv';
import { CodeShares, codeShareRows } from './code-shares';
import { changeHint, DayRange, Totals } from './figures';
import { Series, seriesCsvRows } from './series-figures';

/** Every code of the account together over the window: totals, the most scanned codes, the chart and breakdowns. */
export function Overview({ range }: { range: DayRangeQuery }) {
  const analytics = useAccountAnalytics(range);
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
      <Totals
        items={[
          { label: 'Scans', value: a.totals.scans, hint: changeHint(a.previous?.change.scans) },
          { label: 'Unique visitors', value: a.totals.uniqueVisitors, hint: 'summed per code and day' },
          { label: 'Automated requests excluded', value: a.totals.excluded },
          { label: 'Codes', value: a.codeCount },
        ]}
      />
      <CodeShares caption="Most scanned codes in the window" codes={a.topCodes} empty="No code was scanned in this window." />
      <Series figures={a} />
    </div>
  );
}
