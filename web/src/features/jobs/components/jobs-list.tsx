import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { QueryView } from '../../../components/ui/query-view';
import { ErrorMessage } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/format';
import { useCancelJob } from '../api/cancel-job';
import { hasEnded, type Job } from '../api/get-job';
import { JobFileLink } from './job-file-link';
import { useJobs } from '../api/get-jobs';
import { jobStage, jobTitle } from '../api/job-stage';

const PAGE = 20;

/** Where a job's own page is: an import's progress and list, a print run's progress and ZIP. */
function pageOf(job: Job): string | null {
  if (job.kind === 'export') return `/app/codes/print?run=${job.id}`;
  // A check that passed made nothing to look at; an import, or a check that failed, has its page.
  if (job.kind === 'import') return job.dryRun ? null : `/app/codes/import/move-in?job=${job.id}`;
  if (job.kind === 'bulk' && (job.status !== 'succeeded' || job.file)) return `/app/codes/import?job=${job.id}`;
  return null;
}

function JobRow({ job }: { job: Job }) {
  const cancel = useCancelJob();
  const stage = jobStage(job);
  const title = jobTitle(job);
  const page = pageOf(job);
  const name = `${title} of ${formatDateTime(job.createdAt)}`;
  return (
    <li class="list-item job-row">
      <div class="list-main">
        {page ? (
          <a class="list-title" href={page}>
            {title}
          </a>
        ) : (
          <span class="list-title">{title}</span>
        )}
        <span class="list-sub">
          Created {formatDateTime(job.createdAt)} · {stage.detail}
        </span>
        <div
          class="progress progress-small"
          role="progressbar"
          aria-label={`${name}: progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={stage.percent}
        >
          <span class="progress-fill" style={{ width: `${stage.percent}%` }} />
        </div>
      </div>
      <div class="list-meta">
        <span class={`badge badge-${job.status}`}>{stage.name}</span>
        {job.file ? (
          <JobFileLink job={job}>
            {job.kind === 'export' ? 'Download ZIP' : job.status === 'failed' ? 'Download the problems' : 'Download the list'}
            <span class="visually-hidden"> of the {name}</span>
          </JobFileLink>
        ) : null}
        {!hasEnded(job) ? (
          <Button variant="ghost" busy={cancel.isPending} onClick={() => cancel.mutate(job.id)}>
            Cancel<span class="visually-hidden"> the {name}</span>
          </Button>
        ) : null}
      </div>
      {cancel.error ? <ErrorMessage error={cancel.error} /> : null}
    </li>
  );
}

/** The account's recent jobs, newest first: what they are, how far they got, their file, and a cancel while they run. */
export function JobsList() {
  const [offset, setOffset] = useState(0);
  const jobs = useJobs({ limit: PAGE, offset });
  return (
    <QueryView
      query={jobs}
      loading="Loading jobs…"
      empty={{
        title: 'No jobs yet',
        text: 'Imports of many codes and print runs appear here while they run and for a few days after.',
      }}
      isEmpty={(data) => data.length === 0 && offset === 0}
    >
      {(data) => (
        <>
          <ul class="list" aria-busy={jobs.isFetching && !jobs.isRefetching ? true : undefined}>
            {data.map((job) => (
              <JobRow key={job.id} job={job} />
            ))}
          </ul>
          <Pagination offset={offset} limit={PAGE} count={data.length} onChange={setOffset} />
        </>
      )}
    </QueryView>
  );
}
