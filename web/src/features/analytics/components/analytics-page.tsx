import { useLocation } from 'preact-iso';
import { Field } from '../../../components/ui/field';
import { Page } from '../../../components/ui/page';
import { ErrorMessage, Loading } from '../../../components/ui/states';
import { useAllCodes, useFolderChoices } from '../api/analytics';
import { CodeFigures } from './code-figures';
import { FolderFigures } from './folder-figures';
import { LiveEvents } from './live-events';
import { Overview } from './overview';

const WINDOWS = [7, 30, 90, 365] as const;

/** What the page shows, kept in its address (?code= or ?folder=, and ?days=) so it can be shared and reloaded. */
function useSelection() {
  const { query, path, route } = useLocation();
  const days = WINDOWS.find((w) => String(w) === query.days) ?? 30;
  const subject = query.code ? `code:${query.code}` : query.folder ? `folder:${query.folder}` : '';
  const go = (next: { subject?: string; days?: number }) => {
    const [kind, id] = (next.subject ?? subject).split(':');
    const params = new URLSearchParams();
    if (kind && id) params.set(kind, id);
    params.set('days', String(next.days ?? days));
    route(`${path}?${params.toString()}`, true);
  };
  return { days, subject, go };
}

/** Analytics: the account overview, or one code's or folder's figures over a chosen window, and the live scans. */
export function AnalyticsPage() {
  const { days, subject, go } = useSelection();
  const codes = useAllCodes();
  const folders = useFolderChoices();
  if (codes.isPending || folders.isPending) return <Loading label="Loading analytics…" />;
  if (codes.isError) return <ErrorMessage error={codes.error} retry={() => void codes.refetch()} />;
  if (folders.isError) return <ErrorMessage error={folders.error} retry={() => void folders.refetch()} />;
  const names = new Map(codes.data.codes.map((c) => [c.id, c.name]));
  const [kind, id = ''] = subject.split(':');
  const code = kind === 'code' ? codes.data.codes.find((c) => c.id === id) : undefined;
  const folder = kind === 'folder' ? folders.data.find((f) => f.id === id) : undefined;
  return (
    <Page title="Analytics">
      <form class="card filters" onSubmit={(e) => e.preventDefault()}>
        <Field label="Show">
          {(a11y) => (
            <select {...a11y} value={subject} onChange={(e) => go({ subject: e.currentTarget.value })}>
              <option value="">Account overview</option>
              <optgroup label="Codes">
                {codes.data.codes.map((c) => (
                  <option key={c.id} value={`code:${c.id}`}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Folders">
                {folders.data.map((f) => (
                  <option key={f.id} value={`folder:${f.id}`}>
                    {f.name}
                  </option>
                ))}
              </optgroup>
            </select>
          )}
        </Field>
        <Field label="Window">
          {(a11y) => (
            <select {...a11y} value={String(days)} onChange={(e) => go({ days: Number(e.currentTarget.value) })}>
              {WINDOWS.map((w) => (
                <option key={w} value={String(w)}>
                  Last {w} days
                </option>
              ))}
            </select>
          )}
        </Field>
      </form>
      {code ? (
        <CodeFigures codeId={code.id} name={code.name} days={days} />
      ) : folder ? (
        <FolderFigures folderId={folder.id} name={folder.name} days={days} />
      ) : (
        <Overview days={days} />
      )}
      <LiveEvents codeId={code?.id ?? null} codeNames={names} />
    </Page>
  );
}
