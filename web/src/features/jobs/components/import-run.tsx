import { Button, ButtonLink } from '../../../components/ui/button';
import { Section } from '../../../components/ui/section';
import { ErrorMessage, Loading, Notice } from '../../../components/ui/states';
import { formatCount } from '../../../lib/format';
import { useCancelJob } from '../api/cancel-job';
import { hasEnded, useJob } from '../api/get-job';
import { ErrorsTable } from './errors-table';
import { JobFileLink } from './job-file-link';
import { JobProgress } from './job-progress';

/**
 * A bulk create under way or done, from its id in the address (so a reload finds it again): the
 * progress, then the list of what was made and a print run of those codes.
 */
export function ImportRun({ id }: { id: string }) {
  const job = useJob(id);
  const cancel = useCancelJob();
  if (job.isPending) return <Loading label="Loading the import…" />;
  if (job.isError) return <ErrorMessage error={job.error} retry={() => void job.refetch()} />;
  const run = job.data;
  return (
    <Section id="import-run" title="The import" card>
      <div class="stack">
        <JobProgress job={run} label="Creating the codes" />
        {!hasEnded(run) ? (
          <div class="actions actions-start">
            {cancel.error ? <ErrorMessage error={cancel.error} /> : null}
            <Button variant="secondary" busy={cancel.isPending} onClick={() => cancel.mutate(run.id)}>
              Cancel the import
            </Button>
          </div>
        ) : null}
        {run.status === 'succeeded' ? (
          <>
            <Notice tone="success">
              <strong>Created {formatCount(run.done, 'code', 'codes')}.</strong> The list gives each one’s short address.
            </Notice>
            <div class="actions actions-start">
              <JobFileLink job={run} button>
                Download the list (CSV)
              </JobFileLink>
              <ButtonLink variant="secondary" href={`/app/codes/print?job=${run.id}`}>
                Print run
              </ButtonLink>
              <ButtonLink variant="ghost" href="/app/codes">
                See the codes
              </ButtonLink>
            </div>
          </>
        ) : null}
        {run.status === 'failed' && run.errors.length > 0 ? <ErrorsTable errors={run.errors} /> : null}
        {run.status === 'failed' && run.file ? (
          <p>
            <JobFileLink job={run}>Download every problem (CSV)</JobFileLink>
          </p>
        ) : null}
      </div>
    </Section>
  );
}
