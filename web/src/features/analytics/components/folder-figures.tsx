import { Button } from '../../../components/ui/button';
import { ErrorMessage, Loading } from '../../../components/ui/states';
import { useFolderAnalytics } from '../api/analytics';
import { downloadCsv } from '../../../lib/csv';
import { CodeShares, codeShareRows } from './code-shares';
import { compared, PreviousPeriod } from './compared';
import { DayRange, Totals } from './figures';
import { Series, seriesCsvRows, type SeriesView } from './series-figures';

/** A folder's scans over the window: totals across its codes, the chart, the breakdowns and each code's share. */
export function FolderFigures({ folderId, name, view }: { folderId: string; name: string; view: SeriesView }) {
  const analytics = useFolderAnalytics(folderId, view);
  if (analytics.isPending) return <Loading label="Loading figures…" />;
  if (analytics.isError) return <ErrorMessage error={analytics.error} retry={() => void analytics.refetch()} />;
  const a = analytics.data;
  return (
    <div class="stack">
      <div class="section-head">
        <h2>
          Folder {name}, <DayRange from={a.from} to={a.to} />
        </h2>
        <Button
          variant="secondary"
          onClick={() =>
            downloadCsv(`qrelay-folder-${name}-${a.from}-${a.to}.csv`, [...codeShareRows(a.codes), [], ...seriesCsvRows(a)])
          }
        >
          Export CSV
        </Button>
      </div>
      <PreviousPeriod previous={a.previous} />
      <Totals
        items={[
          { label: 'Scans', value: a.scans, change: compared(a.previous, 'scans', a.scans) },
          {
            label: 'Unique visitors',
            value: a.uniqueVisitors,
            hint: 'summed per code and day',
            change: compared(a.previous, 'uniqueVisitors', a.uniqueVisitors),
          },
          { label: 'Automated requests excluded', value: a.excluded },
        ]}
      />
      <CodeShares caption="Codes in the folder, most scanned first" codes={a.codes} empty="The folder has no codes." />
      <Series figures={a} view={view} />
    </div>
  );
}
