import { Button } from '../../../components/ui/button';
import type { CodeSummary } from '../api/analytics';
import { downloadCsv } from '../../../lib/csv';
import { FigureTable, Totals } from './figures';

const TOP = 10;

/** The account at a glance from each code's lifetime counter: totals and the most scanned codes. */
export function Overview({ codes, complete }: { codes: readonly CodeSummary[]; complete: boolean }) {
  const top = [...codes].sort((a, b) => b.scans - a.scans).slice(0, TOP);
  const scans = codes.reduce((n, c) => n + c.scans, 0);
  const live = codes.filter((c) => c.status === 'active').length;
  return (
    <div class="stack">
      <div class="section-head">
        <h2>All codes, since they were made</h2>
        <Button
          variant="secondary"
          onClick={() =>
            downloadCsv('qrelay-top-codes.csv', [
              ['code', 'address', 'status', 'scans'],
              ...top.map((c) => [c.name, c.url ?? '', c.status, c.scans]),
            ])
          }
        >
          Export CSV
        </Button>
      </div>
      {complete ? null : <p class="muted">Counted over the first {codes.length} codes.</p>}
      <Totals
        items={[
          { label: 'Scans', value: scans },
          { label: 'Codes', value: codes.length },
          { label: 'Active codes', value: live },
        ]}
      />
      <FigureTable
        caption={`Top ${TOP} codes`}
        head={['Code', 'Scans']}
        rows={top.map((c) => [<a href={`/app/analytics?code=${c.id}`}>{c.name}</a>, c.scans])}
        empty="No codes yet."
      />
    </div>
  );
}
