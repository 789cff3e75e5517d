import { Button } from '../../../components/ui/button';
import { ErrorMessage, Notice } from '../../../components/ui/states';
import { formatCount, formatNumber } from '../../../lib/format';
import { hasEnded, type Job } from '../api/get-job';
import { ErrorsTable, type RowValues } from './errors-table';
import { JobFileLink } from './job-file-link';
import { JobProgress } from './job-progress';

/**
 * The check's answer: its progress while it reads, then "N rows ready" and the button that creates
 * them, or every problem against its row (nothing was created).
 */
export function CheckResult({
  job,
  values,
  create,
}: {
  job: Job;
  values: RowValues;
  create: { isPending: boolean; error: unknown; run: () => void };
}) {
  if (!hasEnded(job)) return <JobProgress job={job} label="Checking the file" />;
  if (job.status === 'succeeded')
    return (
      <div class="stack">
        <Notice tone="success">
          <strong>{formatCount(job.total, 'row', 'rows')} ready.</strong> Every row is right; nothing has been created yet.
        </Notice>
        {create.error ? <ErrorMessage error={create.error} /> : null}
        <div class="actions actions-start">
          <Button busy={create.isPending} onClick={create.run}>
            Create {formatCount(job.total, 'code', 'codes')}
          </Button>
        </div>
      </div>
    );
  return (
    <div class="stack">
      <Notice tone="error">
        <strong>{job.reason ?? 'The check failed.'}</strong>{' '}
        {job.errorCount > 0
          ? 'Fix these rows in the file and choose it again, or change the columns above; then check again.'
          : null}
      </Notice>
      {job.errors.length > 0 ? <ErrorsTable errors={job.errors} values={values} /> : null}
      {job.errorCount > job.errors.length && job.file ? (
        <p>
          The first {formatNumber(job.errors.length)} of {formatNumber(job.errorCount)} problems are shown.{' '}
          <JobFileLink job={job}>Download every problem (CSV)</JobFileLink>
        </p>
      ) : null}
    </div>
  );
}
