import { useLocation } from 'preact-iso';
import { Field } from '../../../components/ui/field';
import { Page } from '../../../components/ui/page';
import { ErrorMessage, Loading } from '../../../components/ui/states';
import { useAllCodes, useFolderChoices, type DayRangeQuery } from '../api/analytics';
import { effectiveInterval, type Interval } from '../api/range';
import { CodeFigures } from './code-figures';
import { FolderFigures } from './folder-figures';
import { LiveEvents } from './live-events';
import { Overview } from './overview';

const WINDOWS = [7, 30, 90, 365] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What the page shows, kept in its address (?code= or ?folder=, ?days= or ?from=&to=, and ?interval=hour)
 * so it can be shared and reloaded.
 */
function useSelection() {
  const { query, path, route } = useLocation();
  const custom = DATE.test(query.from ?? '') && DATE.test(query.to ?? '');
  const range: DayRangeQuery = custom
    ? { from: query.from, to: query.to }
    : { days: WINDOWS.find((w) => String(w) === query.days) ?? 30 };
  const interval = effectiveInterval(query.interval, range);
  const subject = query.code ? `code:${query.code}` : query.folder ? `folder:${query.folder}` : '';
  const go = (next: { subject?: string; range?: DayRangeQuery; interval?: Interval }) => {
    const [kind, id] = (next.subject ?? subject).split(':');
    const params = new URLSearchParams();
    if (kind && id) params.set(kind, id);
    const r = next.range ?? range;
    if (r.from && r.to) {
      params.set('from', r.from);
      params.set('to', r.to);
    } else params.set('days', String(r.days ?? 30));
    if (effectiveInterval(next.interval ?? interval, r) === 'hour') params.set('interval', 'hour');
    route(`${path}?${params.toString()}`, true);
  };
  return { range, interval, subject, go };
}

/** The day `days` days before today, YYYY-MM-DD (the browser's calendar: a starting point to edit). */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The window as presets or custom dates; custom dates show two date fields. */
function RangePicker({ range, go }: { range: DayRangeQuery; go: (next: { range: DayRangeQuery }) => void }) {
  const custom = range.from !== undefined;
  return (
    <>
      <Field label="Window">
        {(a11y) => (
          <select
            {...a11y}
            value={custom ? 'custom' : String(range.days)}
            onChange={(e) => {
              const value = e.currentTarget.value;
              go({ range: value === 'custom' ? { from: daysAgo(29), to: daysAgo(0) } : { days: Number(value) } });
            }}
          >
            {WINDOWS.map((w) => (
              <option key={w} value={String(w)}>
                Last {w} days
              </option>
            ))}
            <option value="custom">Custom dates</option>
          </select>
        )}
      </Field>
      {custom ? (
        <>
          <Field label="From">
            {(a11y) => (
              <input
                {...a11y}
                type="date"
                value={range.from}
                max={range.to}
                onChange={(e) => DATE.test(e.currentTarget.value) && go({ range: { from: e.currentTarget.value, to: range.to } })}
              />
            )}
          </Field>
          <Field label="To">
            {(a11y) => (
              <input
                {...a11y}
                type="date"
                value={range.to}
                min={range.from}
                onChange={(e) =>
                  DATE.test(e.currentTarget.value) && go({ range: { from: range.from, to: e.currentTarget.value } })
                }
              />
            )}
          </Field>
        </>
      ) : null}
    </>
  );
}

/** Analytics: the account overview, or one code's or folder's figures over a chosen window, and the live scans. */
export function AnalyticsPage() {
  const { range, interval, subject, go } = useSelection();
  const codes = useAllCodes();
  const folders = useFolderChoices();
  if (codes.isPending || folders.isPending) return <Loading label="Loading analytics…" />;
  if (codes.isError) return <ErrorMessage error={codes.error} retry={() => void codes.refetch()} />;
  if (folders.isError) return <ErrorMessage error={folders.error} retry={() => void folders.refetch()} />;
  const names = new Map(codes.data.codes.map((c) => [c.id, c.name]));
  const [kind, id = ''] = subject.split(':');
  const code = kind === 'code' ? codes.data.codes.find((c) => c.id === id) : undefined;
  const folder = kind === 'folder' ? folders.data.find((f) => f.id === id) : undefined;
  const view = {
    range,
    interval,
    onInterval: (next: Interval) => go({ interval: next }),
    exports: code ? { kind: 'code' as const, id: code.id } : folder ? null : { kind: 'account' as const },
  };
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
        <RangePicker range={range} go={go} />
      </form>
      {code ? (
        <CodeFigures codeId={code.id} name={code.name} view={view} />
      ) : folder ? (
        <FolderFigures folderId={folder.id} name={folder.name} view={view} />
      ) : (
        <Overview view={view} />
      )}
      <LiveEvents codeId={code?.id ?? null} codeNames={names} />
    </Page>
  );
}
