import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.js';
import type { Services } from '../services.js';
import { eventJobs } from './events.jobs.js';

export interface Job {
  name: string;
  intervalMs: number;
  run(): Promise<void>;
}

export interface RunningJobs {
  stop(): void;
}

/** Periodic housekeeping. Each run is idempotent, so several instances may run the same job. */
export function startJobs(services: Services, log: FastifyBaseLogger, jobs: Job[]): RunningJobs {
  const timers = jobs.map((job) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      job
        .run()
        .catch((err: unknown) => log.warn({ err, job: job.name }, 'job failed; will retry at its next interval'))
        .finally(() => (running = false));
    }, job.intervalMs);
    timer.unref();
    return timer;
  });
  return { stop: () => timers.forEach(clearInterval) };
}

export function defaultJobs(services: Services, config: Config): Job[] {
  return [
    { name: 'purge-expired-counters', intervalMs: 60_000, run: () => services.limits.purgeExpired() },
    ...eventJobs(services, config.events.retentionDays),
  ];
}
