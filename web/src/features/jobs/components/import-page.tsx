import { useLocation } from 'preact-iso';
import { Page } from '../../../components/ui/page';
import { Notice } from '../../../components/ui/states';
import { ImportRun } from './import-run';
import { ImportSteps } from './import-steps';
import '../jobs.css';

/**
 * Import codes from a CSV file. The job being created is kept in the address (`?job=`), so its
 * progress survives a reload and can be shared.
 */
export function ImportPage({ canWrite }: { canWrite: boolean }) {
  const { query, path, route } = useLocation();
  const actions = (
    <div class="page-links">
      {query.job ? <a href={path}>Import another file</a> : null}
      <a href="/app/codes/import/move-in">Move in from Bitly, Shlink, Dub…</a>
      <a href="/app/jobs">All jobs</a>
    </div>
  );
  return (
    <Page title="Import codes" actions={actions}>
      {!canWrite ? (
        <Notice>Your role can see codes but not create them: ask an editor or an admin to import this file.</Notice>
      ) : query.job ? (
        <ImportRun key={query.job} id={query.job} />
      ) : (
        <ImportSteps onStarted={(job) => route(`${path}?job=${encodeURIComponent(job.id)}`)} />
      )}
    </Page>
  );
}
