import { formatNumber } from '../../../lib/format';
import type { Job } from './get-job';

/** A stage of a job as shown: `name` changes only when the stage does (it is announced), `detail` carries the counts. */
export interface Stage {
  name: string;
  detail: string;
  /** 0 to 100. */
  percent: number;
  /** Going, but how far is not known yet (the rows are still being read). */
  sweeping?: boolean;
}

const of = (done: number, total: number) => `${formatNumber(done)} of ${formatNumber(total)}`;

/**
 * Where a job is. A bulk job first checks every row (its total grows while it reads, nothing is done),
 * then creates them; a print run draws and decodes each code.
 */
export function jobStage(job: Job): Stage {
  const percent = job.total > 0 ? Math.min(100, Math.floor((job.done / job.total) * 100)) : 0;
  if (job.kind === 'import') return importStage(job, percent);
  const bulk = job.kind !== 'export';
  switch (job.status) {
    case 'queued':
      return { name: 'Waiting to start', detail: 'Queued behind other work; it starts on its own.', percent: 0 };
    case 'running':
      if (bulk && job.stage !== 'creating')
        return {
          name: 'Checking the rows',
          detail: `${formatNumber(job.total)} rows read; nothing is created until every row is right.`,
          percent: 0,
          sweeping: true,
        };
      if (bulk) return { name: 'Creating the codes', detail: `${of(job.done, job.total)} codes created.`, percent };
      return { name: 'Drawing the codes', detail: `${of(job.done, job.total)} codes drawn and checked.`, percent };
    case 'succeeded':
      if (bulk && job.dryRun) return { name: 'Checked', detail: `${formatNumber(job.total)} rows checked.`, percent: 100 };
      if (bulk) return { name: 'Done', detail: `${formatNumber(job.done)} codes created.`, percent: 100 };
      return { name: 'Done', detail: `${formatNumber(job.done)} codes drawn and checked.`, percent: 100 };
    case 'failed':
      return { name: 'Failed', detail: job.reason ?? 'The job failed.', percent };
    case 'cancelled':
      return { name: 'Cancelled', detail: job.reason ?? 'The job was cancelled.', percent };
  }
}

/** A move-in: it reads the old service's records and checks each one, then creates those that can come. */
function importStage(job: Job, percent: number): Stage {
  const made = job.dryRun ? 'ready' : 'imported';
  const left = job.errorCount > 0 ? `; ${formatNumber(job.errorCount)} left out` : '';
  switch (job.status) {
    case 'queued':
      return { name: 'Waiting to start', detail: 'Queued behind other work; it starts on its own.', percent: 0 };
    case 'running':
      if (job.stage !== 'creating')
        return {
          name: 'Reading and checking',
          detail: `${formatNumber(job.total)} records read; nothing is created until every one is checked.`,
          percent: 0,
          sweeping: true,
        };
      return { name: 'Creating', detail: `${of(job.done, job.total)} created.`, percent };
    case 'succeeded':
      return {
        name: job.dryRun ? 'Checked' : 'Done',
        detail: `${formatNumber(job.dryRun ? job.total : job.done)} ${made}${left}.`,
        percent: 100,
      };
    case 'failed':
      return { name: 'Failed', detail: job.reason ?? 'The import failed.', percent };
    case 'cancelled':
      return { name: 'Cancelled', detail: job.reason ?? 'The import was cancelled.', percent };
  }
}

/** What a job is, in a few words. */
export function jobTitle(job: Job): string {
  if (job.kind === 'export') return 'Print run';
  if (job.kind === 'import') return job.dryRun ? 'Check of a move-in' : 'Move-in';
  return job.dryRun ? 'Check of a bulk file' : 'Bulk create';
}
