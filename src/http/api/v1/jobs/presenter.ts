import type { Static } from '@sinclair/typebox';
import { iso } from '../../../../lib/clock.js';
import type { Job as JobRecord } from '../../../../platform/index.js';
import type { Job } from './schema.js';

export function presentJob(job: JobRecord): Static<typeof Job> {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    stage: job.status === 'running' && job.stage !== '' ? job.stage : null,
    dryRun: job.params.dryRun === true,
    total: job.total,
    done: job.done,
    createdAt: iso(job.createdAt),
    startedAt: job.startedAt === null ? null : iso(job.startedAt),
    finishedAt: job.finishedAt === null ? null : iso(job.finishedAt),
    errors: job.errors,
    errorCount: job.errorCount,
    reason: job.reason,
    file: job.output === null ? null : `/api/v1/jobs/${job.id}/file`,
  };
}
