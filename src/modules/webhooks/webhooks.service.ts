import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { Forbidden, InvalidRequest, NotFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Plan } from '../plans/plans.js';
import { newSigningSecret } from './webhook.signing.js';
import type { WebhooksRepository } from './webhooks.repository.js';
import { RETRY_DELAYS_MS, type Delivery, type OutgoingEvent, type Webhook } from './webhooks.types.js';
import { assertPublicHost, PrivateTargetError } from './target.guard.js';

export const EVENT_TYPES = ['scan', 'link_click', 'card_view', 'page_view', 'form_view', 'form_submit', 'gs1_resolve'] as const;

export interface CreateWebhookInput {
  accountId: string;
  plan: Plan;
  url: string;
  events?: string[];
}

const MAX_URL = 2048;
const MAX_PER_ACCOUNT = 25;

/** Webhook subscriptions and the fan-out of events into the delivery outbox. */
export class WebhooksService {
  constructor(
    private readonly hooks: WebhooksRepository,
    private readonly clock: Clock,
    private readonly allowPrivate: boolean,
  ) {}

  async create(input: CreateWebhookInput): Promise<Webhook> {
    if (!input.plan.webhooks) throw new Forbidden('Your plan does not include webhooks.');
    const url = await this.checkTarget(input.url);
    const events = [...new Set(input.events ?? [])];
    const unknown = events.filter((e) => !(EVENT_TYPES as readonly string[]).includes(e));
    if (unknown.length > 0) throw new InvalidRequest(`events has unknown type(s): ${unknown.join(', ')}.`, 'events');
    if ((await this.hooks.list(input.accountId)).length >= MAX_PER_ACCOUNT) {
      throw new InvalidRequest(`An account can have at most ${MAX_PER_ACCOUNT} webhook subscriptions.`);
    }
    const hook: Webhook = {
      id: newId(),
      accountId: input.accountId,
      url,
      events,
      secret: newSigningSecret(),
      status: 'active',
      disabledReason: null,
      failingSince: null,
      createdAt: this.clock.now(),
    };
    await this.hooks.insert(hook);
    return hook;
  }

  list(accountId: string): Promise<Webhook[]> {
    return this.hooks.list(accountId);
  }

  async delete(accountId: string, id: string): Promise<void> {
    if (!(await this.hooks.delete(accountId, id, this.clock.now()))) throw new NotFound('webhook');
  }

  async deliveries(accountId: string, id: string, limit: number): Promise<Delivery[]> {
    if (!(await this.hooks.find(accountId, id))) throw new NotFound('webhook');
    return this.hooks.deliveries(id, limit);
  }

  /**
   * Writes one delivery per (event, subscribed webhook) in the caller's transaction, so an event
   * is stored if and only if its deliveries are.
   */
  async enqueue(trx: Kysely<Schema>, events: OutgoingEvent[]): Promise<number> {
    if (events.length === 0) return 0;
    const hooks = await this.hooks.activeFor([...new Set(events.map((e) => e.accountId))], trx);
    if (hooks.length === 0) return 0;
    const now = this.clock.now();
    const rows = events.flatMap((event) =>
      hooks
        .filter((h) => h.accountId === event.accountId && (h.events.length === 0 || h.events.includes(event.type)))
        .map((h) => ({
          id: newId(),
          webhookId: h.id,
          accountId: event.accountId,
          eventId: event.id,
          eventType: event.type,
          payload: JSON.stringify({ type: event.type, timestamp: new Date(event.occurredAt).toISOString(), data: event.data }),
          status: 'pending' as const,
          attempts: 0,
          nextAttemptAt: now + RETRY_DELAYS_MS[0]!,
          createdAt: now,
        })),
    );
    await this.hooks.enqueue(rows, trx);
    return rows.length;
  }

  private async checkTarget(raw: string): Promise<string> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new InvalidRequest('url is not a valid address.', 'url');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new InvalidRequest('url must be an http(s) address.', 'url');
    if (raw.length > MAX_URL) throw new InvalidRequest(`url must be at most ${MAX_URL} characters.`, 'url');
    if (url.username || url.password) throw new InvalidRequest('url must not carry credentials.', 'url');
    if (!this.allowPrivate) {
      try {
        await assertPublicHost(url.hostname);
      } catch (error) {
        if (error instanceof PrivateTargetError) throw new InvalidRequest(`url ${error.message}.`, 'url');
        throw new InvalidRequest(`url host ${url.hostname} does not resolve.`, 'url');
      }
    }
    return url.toString();
  }
}
