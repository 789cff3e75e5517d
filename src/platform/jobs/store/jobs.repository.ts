import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Schema } from '../../../db/schema.js';
import { ERRORS_KEPT, type Job, type JobError, type JobKind, type JobStatus } from '../jobs.types.js';

type Row = Selectable<Schema['jobs']>;

const toJob = (row: Row): Job => ({
  id: row.id,
  accountId: row.account_id,
  kind: row.kind as JobKind,
  status: row.status as JobStatus,
  stage: row.stage,
  params: JSON.parse(row.params) as Record<string, unknown>,
  total: Number(row.total),
  done: Number(row.done),
  errors: JSON.parse(row.errors) as JobError[],
  errorCount: Number(row.error_count),
  reason: row.reason,
  output: row.output,
  createdBy: row.created_by,
  createdAt: Number(row.created_at),
  startedAt: row.started_at === null ? null : Number(row.started_at),
  finishedAt: row.finished_at === null ? null : Number(row.finished_at),
});

export interface NewJob {
  id: string;
  accountId: string;
  kind: JobKind;
  params: Record<string, unknown>;
  idempotencyKey: string | null;
  requestHash: string | null;
  createdBy: string | null;
  createdAt: number;
}

const UNFINISHED = ['queued', 'running'];

/**
 * The jobs table. A job is run by the instance whose `holder` it names while `lease_until` is
 * ahead; every write of a running job names that holder, so an instance that lost the lease (it
 * stalled and another took over) changes nothing.
 */
export class JobsRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insert(job: NewJob): Promise<void> {
    await this.db
      .insertInto('jobs')
      .values({
        id: job.id,
        account_id: job.accountId,
        kind: job.kind,
        status: 'queued',
        params: JSON.stringify(job.params),
        idempotency_key: job.idempotencyKey,
        request_hash: job.requestHash,
        created_by: job.createdBy,
        created_at: job.createdAt,
      })
      .execute();
  }

  async findInAccount(accountId: string, id: string): Promise<Job | null> {
    const row = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row ? toJob(row) : null;
  }

  async findByKey(accountId: string, key: string): Promise<(Job & { requestHash: string | null }) | null> {
    const row = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return row ? { ...toJob(row), requestHash: row.request_hash } : null;
  }

  /** Newest first. */
  async list(accountId: string, query: { limit: number; offset: number; kind?: JobKind; status?: JobStatus }): Promise<Job[]> {
    let q = this.db.selectFrom('jobs').selectAll().where('account_id', '=', accountId);
    if (query.kind) q = q.where('kind', '=', query.kind);
    if (query.status) q = q.where('status', '=', query.status);
    const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute();
    return rows.map(toJob);
  }

  /**
   * Takes the oldest job that is queued, or running under a lapsed lease (its instance died), for
   * `holder` until `leaseUntil`; null when there is none. The conditional update makes the take
   * atomic on both engines: of two instances, one gets the row. `only` narrows the take to one job.
   */
  async claim(holder: string, now: number, leaseUntil: number, only?: string): Promise<Job | null> {
    let query = this.db
      .selectFrom('jobs')
      .select('id')
      .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)])]));
    if (only !== undefined) query = query.where('id', '=', only);
    const candidates = await query.orderBy('created_at').limit(5).execute();
    for (const { id } of candidates) {
      const taken = await this.db
        .updateTable('jobs')
        .set((eb) => ({
          status: 'running',
          holder,
          lease_until: leaseUntil,
          started_at: eb.fn.coalesce('started_at', eb.val(now)),
        }))
        .where('id', '=', id)
        .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)])]))
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) {
        const row = await this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        return toJob(row);
      }
    }
    return null;
  }

  /** Sets fields of a job `holder` runs; false when it is not running under that holder any more. */
  async update(
    id: string,
    holder: string,
    changes: Pick<Updateable<Schema['jobs']>, 'total' | 'done' | 'stage' | 'lease_until'>,
    db: Kysely<Schema> = this.db,
  ): Promise<boolean> {
    const result = await db
      .updateTable('jobs')
      .set(changes)
      .where('id', '=', id)
      .where('holder', '=', holder)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Ends a job `holder` runs; false when it was no longer that holder's (or was cancelled). */
  async finish(
    id: string,
    holder: string,
    end: {
      status: 'succeeded' | 'failed';
      reason: string | null;
      output: string | null;
      errors: JobError[];
      errorCount: number;
      at: number;
    },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({
        status: end.status,
        reason: end.reason,
        output: end.output,
        errors: JSON.stringify(end.errors.slice(0, ERRORS_KEPT)),
        error_count: end.errorCount,
        finished_at: end.at,
        holder: null,
        lease_until: 0,
      })
      .where('id', '=', id)
      .where('holder', '=', holder)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Lets another instance (or this one after a restart) take the job at once. */
  async release(id: string, holder: string): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ lease_until: 0 })
      .where('id', '=', id)
      .where('holder', '=', holder)
      .where('status', '=', 'running')
      .execute();
  }

  /** Cancels a job that has not finished; false when it had. */
  async cancel(accountId: string, id: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ status: 'cancelled', finished_at: at, reason: 'Cancelled.', lease_until: 0 })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('status', 'in', UNFINISHED)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The ids of jobs that finished before `before`, at most `limit`. */
  async finishedBefore(before: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .select('id')
      .where('status', 'not in', UNFINISHED)
      .where('finished_at', '<', before)
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  async delete(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.db.deleteFrom('jobs').where('id', 'in', ids).execute();
  }
}
