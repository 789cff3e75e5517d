import type { FastifyBaseLogger } from 'fastify';
import type { Infrastructure, Services } from '../services.js';
import { WebhookDeliveryJob } from './webhook-delivery.job.js';
import { eventJobs } from './events.jobs.js';

export interface Job {
  name: string;
  intervalMs: number;
  run(): Promise<void>;
}

export interface RunningJobs {
  webhookDelivery: WebhookDeliveryJob;
  stop(): Promise<void>;
}

/** Periodic housekeeping and the outbox workers. Each run is idempotent, so every instance runs them. */
export function startJobs(infra: Infrastructure, services: Services, log: FastifyBaseLogger): RunningJobs {
  const timers = periodicJobs(services, infra.config.events.retentionDays).map((job) => {
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
  const { outbox, sender } = services.webhookDelivery;
  const webhookDelivery = new WebhookDeliveryJob(outbox, sender, services.clock, log);
  webhookDelivery.start();
  return {
    webhookDelivery,
    async stop() {
      timers.forEach(clearInterval);
      await webhookDelivery.stop();
      await sender.close();
    },
  };
}

export function periodicJobs(services: Services, retentionDays: number | null): Job[] {
  return [
    { name: 'purge-expired-counters', intervalMs: 60_000, run: () => services.limits.purgeExpired() },
    { name: 'deliver-mail', intervalMs: 30_000, run: async () => void (await services.mail.deliverDue()) },
    ...eventJobs(services, retentionDays),
  ];
}
