import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import {
  ATTEMPT_TIMEOUT_MS,
  RETRY_DELAYS_MS,
  type DeliveryOutbox,
  type DeliveryStats,
  type Webhook,
  type WebhookDelivery,
  type WebhookSender,
} from '../delivery/index.js';

export interface DeliveryJobOptions {
  /** Deliveries claimed per round. */
  batchSize: number;
  /** Concurrent requests to one subscription. */
  perEndpoint: number;
  /** How long a claim holds before another instance may take the delivery over. */
  lockMs: number;
  /** Idle wait between rounds when nothing was due. */
  pollMs: number;
}

const DEFAULTS: DeliveryJobOptions = { batchSize: 200, perEndpoint: 8, lockMs: 60_000, pollMs: 500 };
/** A subscription still failing after this long is turned off. */
const FAILING_LIMIT_MS = 3 * 24 * 3_600_000;

/**
 * Sends the webhook outbox. Retry policy: RETRY_DELAYS_MS (immediately, then backing off over about
 * three days); 410 Gone turns the subscription off; so does failing for three days.
 */
export class WebhookDeliveryJob {
  private readonly options: DeliveryJobOptions;
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;

  constructor(
    private readonly repo: DeliveryOutbox,
    private readonly sender: WebhookSender,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    options: Partial<DeliveryJobOptions> = {},
    readonly stats: DeliveryStats = { succeeded: 0, failed: 0 },
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Claims what is due and sends it; resolves with the number of attempts made. */
  async runOnce(): Promise<number> {
    const claimedAt = this.clock.now();
    const claimed = await this.repo.claimDue(claimedAt, this.options.batchSize, this.options.lockMs);
    const byHook = new Map<string, { webhook: Webhook; deliveries: WebhookDelivery[] }>();
    for (const { delivery, webhook } of claimed) {
      const group = byHook.get(webhook.id) ?? { webhook, deliveries: [] };
      group.deliveries.push(delivery);
      byHook.set(webhook.id, group);
    }
    // An attempt starts only if it ends (at the latest, by its timeout) before the claim lapses: past
    // that, another instance may claim the delivery, and the two would send it at the same time.
    const lastStart = claimedAt + this.options.lockMs - ATTEMPT_TIMEOUT_MS;
    await Promise.all([...byHook.values()].map((group) => this.sendGroup(group.webhook, group.deliveries, lastStart)));
    return claimed.length;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        let attempted = 0;
        try {
          attempted = await this.runOnce();
        } catch (err) {
          this.log.error({ err }, 'webhook delivery round failed; retrying');
        }
        if (attempted < this.options.batchSize && this.running) await this.idle();
      }
    })();
  }

  /** Starts a round now (new deliveries were written). */
  wake(): void {
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.pollMs);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    });
  }

  private async sendGroup(webhook: Webhook, deliveries: WebhookDelivery[], lastStart: number): Promise<void> {
    if (webhook.status !== 'active') {
      await this.repo.disable(webhook.id, webhook.disabledReason ?? 'disabled', this.clock.now());
      return;
    }
    const queue = [...deliveries];
    const worker = async () => {
      for (let next = queue.shift(); next && this.clock.now() <= lastStart; next = queue.shift())
        await this.attempt(webhook, next);
    };
    await Promise.all(Array.from({ length: Math.min(this.options.perEndpoint, queue.length) }, worker));
  }

  private async attempt(webhook: Webhook, delivery: WebhookDelivery): Promise<void> {
    const result = await this.sender.send({
      url: webhook.url,
      secret: webhook.secret,
      eventId: delivery.eventId,
      body: delivery.payload,
      timestampSeconds: Math.floor(this.clock.now() / 1000),
    });
    const now = this.clock.now();
    if (result.ok) {
      this.stats.succeeded += 1;
      return this.repo.succeeded(delivery, result, now, webhook.failingSince !== null);
    }
    this.stats.failed += 1;
    const attemptNumber = delivery.attempts + 1;
    const exhausted = attemptNumber >= RETRY_DELAYS_MS.length;
    const final = exhausted || result.status === 410;
    const retryAt = final ? null : now + RETRY_DELAYS_MS[attemptNumber]!;
    this.log.warn(
      {
        webhookId: webhook.id,
        accountId: webhook.accountId,
        eventId: delivery.eventId,
        attempt: attemptNumber,
        status: result.status,
        error: result.error,
        retryAt: retryAt === null ? null : new Date(retryAt).toISOString(),
      },
      'webhook delivery failed',
    );
    await this.repo.failed(delivery, result, now, retryAt);
    if (result.status === 410) return this.repo.disable(webhook.id, 'gone', now);
    if (exhausted || (webhook.failingSince !== null && now - webhook.failingSince >= FAILING_LIMIT_MS)) {
      this.log.warn({ webhookId: webhook.id }, 'webhook subscription failing for days; disabled');
      return this.repo.disable(webhook.id, 'failing', now);
    }
  }
}
