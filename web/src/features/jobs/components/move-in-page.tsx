import { useLocation } from 'preact-iso';
import { Page } from '../../../components/ui/page';
import { Notice } from '../../../components/ui/states';
import { MoveInRun } from './move-in-run';
import { MoveInSteps } from './move-in-steps';
import '../jobs.css';

/**
 * Move links in from another service (Bitly, Shlink, YOURLS, Kutt, Dub or a plain CSV). The import under
 * way is kept in the address (`?job=`), so its progress survives a reload and can be shared.
 */
export function MoveInPage({ canWrite }: { canWrite: boolean }) {
  const { query, path, route } = useLocation();
  const actions = (
    <div class="page-links">
      {query.job ? <a href={path}>Move in more links</a> : null}
      <a href="/app/codes/import">Import codes from a CSV</a>
      <a href="/app/jobs">All jobs</a>
    </div>
  );
  return (
    <Page title="Move in" actions={actions}>
      {!canWrite ? (
        <Notice>Your role can see links and codes but not create them: ask an editor or an admin to move these in.</Notice>
      ) : query.job ? (
        <MoveInRun key={query.job} id={query.job} />
      ) : (
        <MoveInSteps onStarted={(job) => route(`${path}?job=${encodeURIComponent(job.id)}`)} />
      )}
    </Page>
  );
}
