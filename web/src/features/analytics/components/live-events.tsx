import { ErrorMessage, Loading } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/format';
import { LIVE_INTERVAL_MS, useLiveEvents, type ScanEvent } from '../api/analytics';

const where = (e: ScanEvent) => [e.city, e.region, e.country].filter(Boolean).join(', ') || 'Unknown place';
const what = (e: ScanEvent) => [e.device, e.os, e.browser].filter(Boolean).join(' · ') || 'Unknown device';

/** The newest scans, refreshed every few seconds; new ones are announced politely to screen readers. */
export function LiveEvents({ codeId, codeNames }: { codeId: string | null; codeNames: ReadonlyMap<string, string> }) {
  const events = useLiveEvents(codeId);
  return (
    <section class="stack" aria-labelledby="live-events">
      <h2 id="live-events">
        Live scans <span class="live-dot" aria-hidden="true" />
      </h2>
      <p class="muted">Looked at again every {LIVE_INTERVAL_MS / 1000} seconds. Automated requests are never listed.</p>
      {events.isPending ? (
        <Loading label="Loading scans…" />
      ) : events.isError ? (
        <ErrorMessage error={events.error} retry={() => void events.refetch()} />
      ) : (
        <ol class="list events" aria-live="polite" aria-label="Newest scans first">
          {events.data.length === 0 ? <li class="list-item muted">No scans yet. Scan a code and it appears here.</li> : null}
          {events.data.map((e) => (
            <li key={e.id} class="list-item event">
              <div class="list-main">
                <span class="list-title">{e.codeId ? (codeNames.get(e.codeId) ?? 'A code') : 'A code'}</span>
                <span class="list-sub">
                  {where(e)} · {what(e)}
                  {e.placement ? ` · placement ${e.placement}` : ''}
                </span>
              </div>
              <time class="muted" dateTime={e.occurredAt}>
                {formatDateTime(e.occurredAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
