import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import { JobRunner, SYSTEM } from '../platform/index.js';
import type { Infrastructure, Services } from '../services.js';
import { JobLeases } from './store/job-leases.js';
import { WebhookDeliveryJob } from './webhook-delivery.job.js';
import { eventJobs } from './events.jobs.js';
import type { Job } from './job.js';

export type { Job } from './job.js';

export interface RunningJobs {
  webhookDelivery: WebhookDeliveryJob;
  /** The queued long work (bulk create, print runs, imports). */
  runner: JobRunner;
  stop(): Promise<void>;
}

/**
 * Periodic housekeeping and the outbox workers. Every instance schedules every job, and each run is
 * idempotent; a periodic job runs on the one instance holding its lease for the interval,
 * while the outbox workers run everywhere and claim their rows.
 */
export function startJobs(infra: Infrastructure, services: Services, log: FastifyBaseLogger): RunningJobs {
  const leases = new JobLeases(infra.database.db);
  const holder = randomUUID();
  const jobs = periodicJobs(services, infra.config.events.retentionDays);
  const timers = jobs.map((job) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      runLeased(job, leases, holder, services.platform.clock)
        .catch((err: unknown) => log.warn({ err, job: job.name }, 'job failed; will retry at its next interval'))
        .finally(() => (running = false));
    }, job.intervalMs);
    timer.unref();
    return timer;
  });
  const { outbox, sender, stats } = services.delivery.webhookDelivery;
  const webhookDelivery = new WebhookDeliveryJob(outbox, sender, services.platform.clock, log, {}, stats);
  webhookDelivery.start();
  const runner = jobRunner(services, log);
  services.platform.jobs.onQueued(() => runner.poke());
  runner.start();
  return {
    webhookDelivery,
    runner,
    async stop() {
      timers.forEach(clearInterval);
      await runner.stop();
      await webhookDelivery.stop();
      await sender.close();
      await Promise.all(jobs.map((job) => leases.release(job.name, holder).catch(() => undefined)));
    },
  };
}

/** The runner of queued jobs, with the work of each kind. */
export const jobRunner = (services: Services, log: FastifyBaseLogger, pollMs?: number): JobRunner =>
  new JobRunner(
    services.platform.jobRows,
    services.platform.jobs.files,
    { bulk: services.catalog.bulk, export: services.catalog.printRuns, import: services.catalog.movingIn },
    services.platform.clock,
    log,
    pollMs,
  );

/** Runs `job` if `holder` takes (or keeps) its lease for the interval; resolves with whether it ran. */
export async function runLeased(job: Job, leases: JobLeases, holder: string, clock: Clock): Promise<boolean> {
  if (!(await leases.take(job.name, holder, clock.now(), job.intervalMs))) return false;
  await job.run();
  return true;
}

export function periodicJobs(services: Services, retentionDays: number | null): Job[] {
  return [
    { name: 'purge-expired-counters', intervalMs: 60_000, run: () => services.platform.limits.purgeExpired() },
    { name: 'deliver-mail', intervalMs: 30_000, run: async () => void (await services.platform.mail.deliverDue()) },
    {
      name: 'purge-expired-submissions',
      intervalMs: 3_600_000,
      run: async () => void (await services.content.submissions.purgeExpired(SYSTEM)),
    },
    { name: 'purge-old-jobs', intervalMs: 3_600_000, run: async () => void (await services.platform.jobs.purgeOld()) },
    // Every 20 s, so a repoint or an expiry takes effect (and is announced) well within a minute of its time.
    { name: 'apply-repoints', intervalMs: 20_000, run: async () => void (await services.catalog.repoints.applyDue()) },
    { name: 'announce-expiries', intervalMs: 20_000, run: async () => void (await services.catalog.expiries.announceDue()) },
    ...eventJobs(services, retentionDays),
  ];
}
