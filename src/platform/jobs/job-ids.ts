import { createHash } from 'node:crypto';
import { v7 } from 'uuid';
import type { Job } from './jobs.types.js';

/**
 * The id of what a job makes for its `row`: the same on every run of the job (a UUIDv7 of the job's
 * time, the row as its sequence, the job's hash as its random part), so a resumed job finds what an
 * earlier run committed, and a second insert of a row could only collide, never duplicate.
 */
export const rowId = (job: Pick<Job, 'id' | 'createdAt'>, row: number): string =>
  v7({ msecs: job.createdAt, seq: row, random: createHash('sha256').update(job.id).digest().subarray(0, 16) });
