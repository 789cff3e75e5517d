import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Tx } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { JobFiles } from './job-files.js';
import type { JobsRepository } from './store/jobs.repository.js';
import { JobStopped, type Job, type JobKind, type JobOutcome, type JobRun, type JobWork } from './jobs.types.js';

/** How long a lease lasts unrenewed: an instance that dies leaves its job to another after this. */
const LEASE_MS = 30_000;
const RENEW_MS = 10_000;
const POLL_MS = 1_000;

export interface RunnerLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/**
 * Runs the queued jobs, one at a time in each process: every instance polls, takes a job under a
 * lease it renews while the work goes on, and ends it. A job whose instance died (its lease lapsed)
 * is taken again and its work resumes from what it recorded; one that is cancelled stops at its next
 * recorded step.
 */
export class JobRunner {
  private readonly holder = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> | undefined;
  private stopping = false;
  private again = false;

  constructor(
    private readonly jobs: JobsRepository,
    private readonly files: JobFiles,
    private readonly works: Partial<Record<JobKind, JobWork>>,
    private readonly clock: Clock,
    private readonly log: RunnerLog,
    private readonly pollMs = POLL_MS,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.poke(), this.pollMs);
    this.timer.unref();
    this.poke();
  }

  /** Looks for work now (a job was just queued). */
  poke(): void {
    if (this.stopping) return;
    if (this.current) {
      this.again = true;
      return;
    }
    this.current = this.drain()
      .catch((err: unknown) => this.log.warn({ err }, 'job runner failed; will look again'))
      .finally(() => {
        this.current = undefined;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  /** Stops taking jobs; the one running stops at its next step and is left for the next start to resume. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.current;
  }

  /** Runs jobs until none is waiting; resolves when done (tests call it directly). */
  async drain(): Promise<void> {
    while (!this.stopping) {
      const now = this.clock.now();
      const job = await this.jobs.claim(this.holder, now, now + LEASE_MS);
      if (!job) return;
      await this.runOne(job);
    }
  }

  /**
   * Runs the job `id` here if it is waiting (the CLI runs what it queued); false when another
   * instance holds it or it has ended.
   */
  async runJob(id: string): Promise<boolean> {
    const now = this.clock.now();
    const job = await this.jobs.claim(this.holder, now, now + LEASE_MS, id);
    if (!job) return false;
    await this.runOne(job);
    return true;
  }

  private async runOne(job: Job): Promise<void> {
    const work = this.works[job.kind];
    let lost = false;
    const renew = setInterval(() => {
      const now = this.clock.now();
      this.jobs
        .update(job.id, this.holder, { lease_until: now + LEASE_MS })
        .then((held) => (lost ||= !held))
        .catch(() => undefined);
    }, RENEW_MS);
    renew.unref();
    const checkpoint = () => {
      if (this.stopping) throw new JobStopped('stopping');
      if (lost) throw new JobStopped('lease lost');
    };
    const held = async (changed: boolean) => {
      if (!changed) throw new JobStopped('cancelled');
    };
    const run: JobRun = {
      job,
      input: join(this.files.dir, `${job.id}.input`),
      outputPath: (extension) => this.files.path(`${job.id}.${extension}`),
      setTotal: async (total) => held(await this.jobs.update(job.id, this.holder, { total })),
      setStage: async (stage, tx?: Tx) => held(await this.jobs.update(job.id, this.holder, { stage }, tx)),
      advance: async (done, tx?: Tx) => {
        checkpoint();
        await held(await this.jobs.update(job.id, this.holder, { done }, tx));
      },
      checkpoint,
    };
    let outcome: JobOutcome;
    try {
      if (!work) throw new Error(`no work is registered for jobs of kind ${job.kind}`);
      await this.files.ready();
      this.log.info({ job: job.id, kind: job.kind, resumed: job.startedAt !== null && job.stage !== '' }, 'job started');
      outcome = await work.run(run);
    } catch (error) {
      if (error instanceof JobStopped) {
        if (error.why === 'stopping') await this.jobs.release(job.id, this.holder);
        else if (error.why === 'cancelled') await this.files.remove(job.id);
        this.log.info({ job: job.id, why: error.why }, 'job stopped');
        return;
      }
      // A refusal (a plan's cap, a taken ending) is told as it is; anything else only by its kind.
      const refused = error instanceof AppError;
      if (refused) this.log.info({ job: job.id, reason: error.message }, 'job refused');
      else this.log.warn({ err: error, job: job.id }, 'job failed');
      const reason = refused ? error.message : 'An unexpected error stopped the job; what it had done is kept.';
      outcome = { status: 'failed', reason };
    } finally {
      clearInterval(renew);
    }
    const ended = await this.jobs.finish(job.id, this.holder, {
      status: outcome.status,
      reason: outcome.status === 'failed' ? outcome.reason : null,
      output: outcome.output ?? null,
      errors: outcome.errors ?? [],
      errorCount: outcome.errorCount ?? outcome.errors?.length ?? 0,
      at: this.clock.now(),
    });
    if (!ended) await this.files.remove(job.id);
  }
}
