import { Button, ButtonLink } from '../../../components/ui/button';
import { Section } from '../../../components/ui/section';
import { ErrorMessage, Loading, Notice } from '../../../components/ui/states';
import { formatCount, formatNumber } from '../../../lib/format';
import { useCancelJob } from '../api/cancel-job';
import { hasEnded, useJob } from '../api/get-job';
import { ErrorsTable } from './errors-table';
import { JobFileLink } from './job-file-link';
import { JobProgress } from './job-progress';

/**
 * A move-in under way or done, from its id in the address (so a reload finds it again): the progress
 * (reading and checking, then creating), then what was imported and what was left out, and the report.
 */
export function MoveInRun({ id }: { id: string }) {
  const job = useJob(id);
  const cancel = useCancelJob();
  if (job.isPending) return <Loading label="Loading the import…" />;
  if (job.isError) return <ErrorMessage error={job.error} retry={() => void job.refetch()} />;
  const run = job.data;
  return (
    <Section id="move-in-run" title="The import" card>
      <div class="stack">
        <JobProgress job={run} label="Moving in" />
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
              <strong>
                {formatNumber(run.done)} imported, {formatNumber(run.errorCount)} left out.
              </strong>{' '}
              The report lists every row: what it became, or why it was left out.
            </Notice>
            <div class="actions actions-start">
              <JobFileLink job={run} button>
                Download the report (CSV)
              </JobFileLink>
              <ButtonLink variant="secondary" href="/app/links">
                See the links
              </ButtonLink>
              <ButtonLink variant="ghost" href="/app/codes">
                See the codes
              </ButtonLink>
            </div>
          </>
        ) : null}
        {run.status === 'failed' ? (
          <Notice tone="error">
            <strong>{run.reason ?? 'The import failed.'}</strong>{' '}
            {run.done > 0 ? `${formatCount(run.done, 'link was', 'links were')} created before it stopped.` : null}
          </Notice>
        ) : null}
        {run.errors.length > 0 ? <ErrorsTable errors={run.errors} caption="Rows left out" /> : null}
        {run.errorCount > run.errors.length ? (
          <p>
            The first {formatNumber(run.errors.length)} of {formatNumber(run.errorCount)} rows left out are shown; the report
            lists them all.
          </p>
        ) : null}
      </div>
    </Section>
  );
}
