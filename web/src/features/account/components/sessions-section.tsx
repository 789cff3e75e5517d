import './account.css';
import { Button } from '../../../components/ui/button';
import { QueryView } from '../../../components/ui/query-view';
import { Section } from '../../../components/ui/section';
import { Notice } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/format';
import { useEndOtherSessions, useEndSession, useOwnSessions, type OwnSession } from '../api/own-sessions';

function SessionRow({ session }: { session: OwnSession }) {
  const end = useEndSession();
  const what = session.agent ?? 'An unknown browser';
  return (
    <li class="list-item">
      <div class="list-main">
        <span class="list-title">
          {what}
          {session.current ? <span class="badge badge-active this-browser">This browser</span> : null}
        </span>
        <span class="list-sub">
          Signed in {formatDateTime(session.createdAt)}
          {session.lastUsedAt ? ` · last used ${formatDateTime(session.lastUsedAt)}` : ''}
        </span>
        {end.error instanceof Error ? <p class="field-error">{end.error.message}</p> : null}
      </div>
      {session.current ? null : (
        <div class="list-meta">
          <Button variant="ghost" busy={end.isPending} onClick={() => end.mutate(session.id)}>
            Sign out<span class="visually-hidden"> {what}</span>
          </Button>
        </div>
      )}
    </li>
  );
}

/** Where one is signed in (browser and system, never an address), each ended on its own or all others at once. */
export function SessionsSection() {
  const sessions = useOwnSessions();
  const endOthers = useEndOtherSessions();
  return (
    <Section id="sessions" title="Where you are signed in">
      <QueryView query={sessions} loading="Loading your sessions…">
        {(list) => (
          <div class="stack">
            <ul class="list">
              {list.map((session) => (
                <SessionRow key={session.id} session={session} />
              ))}
            </ul>
            {endOthers.data ? (
              <Notice tone="success">
                {endOthers.data.ended === 1
                  ? 'Signed out of 1 other session.'
                  : `Signed out of ${endOthers.data.ended} other sessions.`}
              </Notice>
            ) : null}
            {list.some((session) => !session.current) ? (
              <div class="actions actions-start">
                <Button variant="secondary" busy={endOthers.isPending} onClick={() => endOthers.mutate(undefined)}>
                  Sign out everywhere else
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </QueryView>
    </Section>
  );
}
