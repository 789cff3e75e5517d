import type { Readable } from 'node:stream';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Clock } from '../../lib/clock.js';
import { InvalidRequest, NotFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { ContentReads } from '../authz/content-reads.js';
import { assertCan, type Person } from '../authz/roles.policy.js';
import type { JobFiles, Received } from './job-files.js';
import type { JobsRepository } from './store/jobs.repository.js';
import type { Job, JobKind, JobStatus } from './jobs.types.js';

const DAY_MS = 86_400_000;
const KEY_MAX = 255;

/** What starts a job besides its kind and parameters. */
export interface JobRequest {
  /** The input file, streamed to disk before the job is queued. */
  input?: Readable;
  /** Or an input already on disk (`files.receive`), which the job then owns. */
  received?: Received;
  /** The largest input accepted, in bytes. */
  maxInputBytes?: number;
  /** The request's `Idempotency-Key`: a resend with it answers the same job. */
  idempotencyKey?: string;
}

export interface ListJobsQuery {
  limit: number;
  offset: number;
  kind?: JobKind;
  status?: JobStatus;
}

/**
 * Long work: a job is queued by a request, run by one instance (src/jobs), read while it runs and
 * cancelled until it ends. A job's input is kept on disk from the start, so nothing of a large
 * upload is held in memory. Jobs and their files are kept for `keepDays` after they end.
 */
export class JobsService extends ContentReads<Job, [query: ListJobsQuery]> {
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly jobs: JobsRepository,
    readonly files: JobFiles,
    private readonly clock: Clock,
    private readonly keepDays: number,
  ) {
    super('job', jobs);
  }

  /** Calls `listener` whenever this process queues a job (the runner starts it at once). */
  onQueued(listener: () => void): void {
    this.listeners.push(listener);
  }

  /**
   * Queues a job. With an `Idempotency-Key` already used in the account, answers that job when the
   * request is the same (its parameters and input bytes), and 400 when it is not.
   */
  async start(actor: Person, kind: JobKind, params: Record<string, unknown>, request: JobRequest = {}): Promise<Job> {
    assertCan(actor, kind === 'export' ? 'content:read' : 'content:write');
    const key = request.idempotencyKey?.trim() || null;
    if (key !== null && key.length > KEY_MAX)
      throw new InvalidRequest(`Idempotency-Key must be at most ${KEY_MAX} characters.`, 'Idempotency-Key');
    const received =
      request.received ?? (request.input ? await this.files.receive(request.input, request.maxInputBytes ?? Infinity) : null);
    const requestHash = `${JSON.stringify(params)}:${received?.sha256 ?? ''}`;
    try {
      if (key !== null) {
        const earlier = await this.earlier(actor.accountId, key, requestHash);
        if (earlier) return this.discarding(received, earlier);
      }
      const id = newId();
      if (received) await this.files.adopt(received, `${id}.input`);
      try {
        await this.jobs.insert({
          id,
          accountId: actor.accountId,
          kind,
          params,
          idempotencyKey: key,
          requestHash: key === null ? null : requestHash,
          createdBy: actor.userId,
          createdAt: this.clock.now(),
        });
      } catch (error) {
        await this.files.remove(id);
        // Two resends at once: the other one queued the job.
        if (key !== null && isUniqueViolation(error)) {
          const earlier = await this.earlier(actor.accountId, key, requestHash);
          if (earlier) return earlier;
        }
        throw error;
      }
      this.listeners.forEach((listener) => listener());
      return this.get(actor, id);
    } catch (error) {
      if (received) await this.files.discard(received);
      throw error;
    }
  }

  private async earlier(accountId: string, key: string, requestHash: string): Promise<Job | null> {
    const job = await this.jobs.findByKey(accountId, key);
    if (!job) return null;
    if (job.requestHash !== requestHash)
      throw new InvalidRequest('This Idempotency-Key was used with a different request.', 'Idempotency-Key');
    const { requestHash: _hash, ...rest } = job;
    return rest;
  }

  private async discarding(received: Received | null, job: Job): Promise<Job> {
    if (received) await this.files.discard(received);
    return job;
  }

  /** The account's job, for work that reads another job's file (no actor: the work runs for the account). */
  find(accountId: string, id: string): Promise<Job | null> {
    return this.jobs.findInAccount(accountId, id);
  }

  /** Cancels a job that has not ended (its work stops at its next step); 400 for one that has. */
  async cancel(actor: Person, id: string): Promise<Job> {
    const job = await this.get(actor, id);
    assertCan(actor, job.kind === 'export' ? 'content:read' : 'content:write');
    if (!(await this.jobs.cancel(actor.accountId, id, this.clock.now())))
      throw new InvalidRequest(`The job has already ended (${(await this.get(actor, id)).status}).`, 'id');
    return this.get(actor, id);
  }

  /** The path of a finished job's file; 404 when it has none (yet). */
  async file(actor: Person, id: string): Promise<{ job: Job; path: string }> {
    const job = await this.get(actor, id);
    if (job.output === null) throw new NotFound('file of this job');
    return { job, path: this.files.path(job.output) };
  }

  /** Forgets jobs that ended more than `keepDays` ago, with their files. */
  async purgeOld(): Promise<number> {
    const before = this.clock.now() - this.keepDays * DAY_MS;
    let purged = 0;
    for (;;) {
      const ids = await this.jobs.finishedBefore(before, 100);
      if (ids.length === 0) return purged;
      for (const id of ids) await this.files.remove(id);
      await this.jobs.delete(ids);
      purged += ids.length;
    }
  }
}
