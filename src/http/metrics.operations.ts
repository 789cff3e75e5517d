import { Counter, Gauge, type Registry } from 'prom-client';
import { SYSTEM } from '../platform/index.js';
import type { Services } from '../services.js';

/** Store-wide figures are read at most this often, however many scrapes come (several Prometheus, instances). */
const STORE_FIGURES_TTL_MS = 15_000;

/**
 * What docs/deploy.md tells an operator to watch: the recorder's backlog (this process), the webhook
 * outbox and its failures, and how much of their monthly allowance the companies have spent. The
 * store-wide figures are the same on every instance; the process figures add up over instances.
 */
export function registerOperationsMetrics(registry: Registry, services: Services): void {
  const gauge = (name: string, help: string, collect: (g: Gauge) => void | Promise<void>, labelNames: string[] = []) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        await collect(this);
      },
    });
  const storeFigures = cached(STORE_FIGURES_TTL_MS, services.platform.clock, async () => {
    const queue = await services.delivery.webhookDelivery.outbox.queue(services.platform.clock.now());
    const allowance = await services.platform.limits.allowanceUse(await services.identity.accounts.meteredAllowances(SYSTEM));
    return { queue, allowance };
  });

  gauge('qrelay_recorder_backlog', 'Hits recorded by this process and not committed to the store yet.', (g) =>
    g.set(services.traffic.recorder.buffered),
  );
  gauge('qrelay_recorder_dropped', 'Hits this process dropped because its buffer was full (the store away for long).', (g) =>
    g.set(services.traffic.recorder.dropped),
  );
  new Counter({
    name: 'qrelay_recorder_held_answers_total',
    help: 'Answers this process held until its event writer caught up (back-pressure under a flood).',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(services.traffic.recorder.heldAnswers);
    },
  });
  gauge('qrelay_webhook_queue_pending', 'Webhook deliveries waiting to be sent (all instances).', async (g) =>
    g.set((await storeFigures()).queue.pending),
  );
  gauge('qrelay_webhook_queue_due', 'Webhook deliveries due now (all instances).', async (g) =>
    g.set((await storeFigures()).queue.due),
  );
  gauge('qrelay_webhook_queue_oldest_due_seconds', 'How long the oldest due webhook delivery has waited.', async (g) => {
    const { oldestDueAt } = (await storeFigures()).queue;
    g.set(oldestDueAt === null ? 0 : Math.max(0, (services.platform.clock.now() - oldestDueAt) / 1000));
  });
  gauge('qrelay_webhook_subscriptions_failing', 'Active webhook subscriptions whose last delivery failed.', async (g) =>
    g.set((await storeFigures()).queue.failingHooks),
  );
  new Counter({
    name: 'qrelay_webhook_attempts_total',
    help: 'Webhook delivery attempts made by this process, by result.',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'succeeded' }, services.delivery.webhookDelivery.stats.succeeded);
      this.inc({ result: 'failed' }, services.delivery.webhookDelivery.stats.failed);
    },
  });
  gauge(
    'qrelay_allowance_accounts',
    "Companies on a metered plan by the share of this month's allowance they have spent.",
    async (g) => {
      for (const [band, n] of Object.entries((await storeFigures()).allowance)) g.set({ spent: band }, n);
    },
    ['spent'],
  );
}

/** `load`'s result, reused for `ttlMs`; concurrent callers share one load. */
function cached<T>(ttlMs: number, clock: { now(): number }, load: () => Promise<T>): () => Promise<T> {
  let value: { at: number; promise: Promise<T> } | null = null;
  return () => {
    const now = clock.now();
    if (!value || now - value.at >= ttlMs) {
      const promise = load();
      value = { at: now, promise };
      promise.catch(() => (value = null));
    }
    return value.promise;
  };
}
