import { Button } from '../../../components/ui/button';
import { ErrorMessage, Loading } from '../../../components/ui/states';
import { useFolderAnalytics } from '../api/analytics';
import { downloadCsv } from '../../../lib/csv';
import { FigureTable, Totals } from './figures';

/** A folder's scans over the window: totals across its codes and each code's share. */
export function FolderFigures({ folderId, name, days }: { folderId: string; name: string; days: number }) {
  const analytics = useFolderAnalytics(folderId, days);
  if (analytics.isPending) return <Loading label="Loading figures…" />;
  if (analytics.isError) return <ErrorMessage error={analytics.error} retry={() => void analytics.refetch()} />;
  const a = analytics.data;
  const rows = a.codes.map((c) => [c.name, c.scans, c.uniqueVisitors] as const);
  return (
    <div class="stack">
      <div class="section-head">
        <h2>
          Folder {name}, last {a.days} days
        </h2>
        <Button
          variant="secondary"
          onClick={() => downloadCsv(`qrelay-folder-${name}-${a.days}d.csv`, [['code', 'scans', 'unique visitors'], ...rows])}
        >
          Export CSV
        </Button>
      </div>
      <Totals
        items={[
          { label: 'Scans', value: a.scans },
          { label: 'Unique visitors', value: a.uniqueVisitors, hint: 'one who scanned two codes counts once' },
        ]}
      />
      <FigureTable
        caption="Codes in the folder, most scanned first"
        head={['Code', 'Scans', 'Unique visitors']}
        rows={a.codes.map((c) => [<a href={`/app/analytics?code=${c.codeId}`}>{c.name}</a>, c.scans, c.uniqueVisitors])}
        empty="The folder has no codes."
      />
    </div>
  );
}
