import { setTimeout as sleep } from 'node:timers/promises';
import { pino, type Logger } from 'pino';
import { jobRunner } from '../jobs/index.js';
import type { Job, JobStatus, Person } from '../platform/index.js';
import type { CliContext } from './context.js';
import { progressLine, ProgressBar } from './progress.js';

/** How often the job's row is read while it runs. */
const POLL_MS = 500;
const ENDED: readonly JobStatus[] = ['succeeded', 'failed', 'cancelled'];

/**
 * The runner's own log. The command tells how the job went, so the runner's lines (a job started, a
 * job failed, with the error's stack) show only when the CLI's log is at debug or finer (LOG_LEVEL).
 */
const runnerLog = (log: Logger | undefined): Logger => (log?.isLevelEnabled('debug') ? log : pino({ level: 'silent' }));

/**
 * Runs a job the command has just queued in this process, and resolves with the job once it has
 * ended; when a running server took the job first, follows it there instead. On a terminal, its
 * progress is drawn on stderr as it goes.
 *
 * Ctrl-C stops the job here at its next step and leaves it queued, to be resumed from what it
 * committed by a qrelay server (a job followed elsewhere goes on there); a second Ctrl-C ends the
 * process at once, and the job's lease lapses after 30 seconds instead.
 */
export async function runToEnd({ services, terminal, log }: CliContext, actor: Person, queued: Job): Promise<Job> {
  const bar = terminal ? new ProgressBar(terminal) : null;
  const runner = jobRunner(services, runnerLog(log));
  // How the run here went: it also returns at once (false) when another instance holds the job.
  const here: { settled: boolean; ran?: boolean; failed?: { error: unknown } } = { settled: false };
  const running = runner.runJob(queued.id).then(
    (ran) => void Object.assign(here, { settled: true, ran }),
    (error: unknown) => void Object.assign(here, { settled: true, failed: { error } }),
  );
  let interrupted = false;
  const interrupt = () => {
    interrupted = true;
    void runner.stop();
  };
  process.once('SIGINT', interrupt);
  let job = queued;
  try {
    for (;;) {
      bar?.show(progressLine(job));
      if (here.settled && (ENDED.includes(job.status) || interrupted)) break;
      // While the job runs here, its end is seen at once; run elsewhere, it is read every POLL_MS.
      await (here.settled ? sleep(POLL_MS) : Promise.race([running, sleep(POLL_MS)]));
      if (here.failed) throw here.failed.error;
      job = await services.platform.jobs.get(actor, queued.id);
    }
  } finally {
    process.off('SIGINT', interrupt);
    bar?.clear();
    await running;
  }
  if (!ENDED.includes(job.status)) {
    const where = here.ran
      ? `stopped at ${job.done.toLocaleString('en')} of ${job.total.toLocaleString('en')}; a qrelay server resumes it`
      : 'goes on in the qrelay server that took it';
    throw new Interrupted(`interrupted: job ${job.id} ${where} (GET /api/v1/jobs/${job.id} follows it).`);
  }
  return job;
}

/** The person stopped the command (Ctrl-C) before the job ended. */
export class Interrupted extends Error {}
