import { Button } from '../../../components/ui/button';
import { ErrorMessage, Loading, Notice } from '../../../components/ui/states';
import { formatCount } from '../../../lib/format';
import { useCancelJob } from '../api/cancel-job';
import { hasEnded, useJob } from '../api/get-job';
import { JobFileLink } from './job-file-link';
import { JobProgress } from './job-progress';

/** A print run under way or done, found again from its id in the address: its progress, then its ZIP. */
export function PrintRunStatus({ id }: { id: string }) {
  const job = useJob(id);
  const cancel = useCancelJob();
  if (job.isPending) return <Loading label="Loading the print run…" />;
  if (job.isError) return <ErrorMessage error={job.error} retry={() => void job.refetch()} />;
  const run = job.data;
  return (
    <div class="stack">
      <JobProgress job={run} label="Drawing and checking the codes" />
      {!hasEnded(run) ? (
        <div class="actions actions-start">
          {cancel.error ? <ErrorMessage error={cancel.error} /> : null}
          <Button variant="secondary" busy={cancel.isPending} onClick={() => cancel.mutate(run.id)}>
            Cancel the print run
          </Button>
        </div>
      ) : null}
      {run.status === 'succeeded' && run.file ? (
        <>
          <Notice tone="success">
            <strong>{formatCount(run.done, 'code', 'codes')} drawn, and each one decoded.</strong> The ZIP holds an image per code
            and manifest.csv, and sheets.pdf when label sheets were chosen.
          </Notice>
          <div class="actions actions-start">
            <JobFileLink job={run} button>
              Download ZIP
            </JobFileLink>
          </div>
        </>
      ) : null}
    </div>
  );
}
