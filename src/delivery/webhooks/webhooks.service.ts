import type { Tx } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { Forbidden, InvalidRequest, NotFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { AccountLookup } from '../../identity/index.js';
import { assertCan, effectivePlan, type Person } from '../../platform/index.js';
import { newSigningSecret } from './webhook.signing.js';
import type { WebhooksRepository } from './store/webhooks.repository.js';
import { RETRY_DELAYS_MS, type WebhookDelivery, type OutgoingEvent, type Webhook } from './webhooks.types.js';
import { assertPublicHost, PrivateTargetError } from './target.guard.js';

export const EVENT_TYPES = [
  'scan',
  'link_click',
  'card_view',
  'page_view',
  'form_view',
  'form_submit',
  'gs1_resolve',
  /** A stored form submission with its answers. */
  'form_submission',
  /** A code or link has expired, by date or by count (announced within a minute). */
  'code_expired',
] as const;

export interface CreateWebhookInput {
  url: string;
  events?: string[];
}

const MAX_URL = 2048;
const MAX_PER_ACCOUNT = 25;

/**
 * Webhook subscriptions and the fan-out of events into the delivery outbox. Subscriptions belong with
 * the figures they deliver: every call of the acting person needs analytics:read (docs/roles.md).
 */
export class WebhooksService {
  constructor(
    private readonly hooks: WebhooksRepository,
    private readonly accounts: AccountLookup,
    private readonly clock: Clock,
    private readonly allowPrivate: boolean,
  ) {}

  async create(actor: Person, input: CreateWebhookInput): Promise<Webhook> {
    assertCan(actor, 'analytics:read');
    const account = await this.accounts.findById(actor.accountId);
    if (!account) throw new NotFound('account');
    if (!effectivePlan(account.plan, account).webhooks) throw new Forbidden('Your plan does not include webhooks.');
    const url = await this.checkTarget(input.url);
    const events = [...new Set(input.events ?? [])];
    const unknown = events.filter((e) => !(EVENT_TYPES as readonly string[]).includes(e));
    if (unknown.length > 0) throw new InvalidRequest(`events has unknown type(s): ${unknown.join(', ')}.`, 'events');
    if ((await this.hooks.list(actor.accountId)).length >= MAX_PER_ACCOUNT) {
      throw new InvalidRequest(`An account can have at most ${MAX_PER_ACCOUNT} webhook subscriptions.`);
    }
    const hook: Webhook = {
      id: newId(),
      accountId: actor.accountId,
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

  async list(actor: Person): Promise<Webhook[]> {
    assertCan(actor, 'analytics:read');
    return this.hooks.list(actor.accountId);
  }

  async delete(actor: Person, id: string): Promise<void> {
    assertCan(actor, 'analytics:read');
    if (!(await this.hooks.delete(actor.accountId, id, this.clock.now()))) throw new NotFound('webhook');
  }

  async deliveries(actor: Person, id: string, limit: number): Promise<WebhookDelivery[]> {
    assertCan(actor, 'analytics:read');
    if (!(await this.hooks.find(actor.accountId, id))) throw new NotFound('webhook');
    return this.hooks.deliveries(id, limit);
  }

  /**
   * Sends a delivery that failed for good (or was cancelled when the subscription was turned off) once
   * more, and turns the subscription back on.
   */
  async retry(actor: Person, id: string, deliveryId: string): Promise<WebhookDelivery> {
    assertCan(actor, 'analytics:read');
    const hook = await this.hooks.find(actor.accountId, id);
    if (!hook) throw new NotFound('webhook');
    const delivery = await this.hooks.retry(id, deliveryId, this.clock.now());
    if (delivery) return delivery;
    if (!(await this.hooks.findDelivery(id, deliveryId))) throw new NotFound('delivery');
    throw new InvalidRequest('Only a delivery that failed or was cancelled can be retried.');
  }

  /**
   * Writes one delivery per (event, subscribed webhook) in the caller's transaction, so an event
   * is stored if and only if its deliveries are. `outgoing` makes an event's delivered shape, only for
   * an event some webhook takes (a batch of scans of accounts without webhooks builds none).
   */
  async enqueue<E extends { accountId: string }>(
    trx: Tx,
    events: readonly E[],
    outgoing: (event: E) => OutgoingEvent,
  ): Promise<number> {
    if (events.length === 0) return 0;
    const accounts = new Set<string>();
    for (const event of events) accounts.add(event.accountId);
    const hooks = await this.hooks.activeFor([...accounts], trx);
    if (hooks.length === 0) return 0;
    const now = this.clock.now();
    const subscribed = new Set(hooks.map((h) => h.accountId));
    const rows = events
      .filter((event) => subscribed.has(event.accountId))
      .map(outgoing)
      .flatMap((event) =>
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
        if (error instanceof PrivateTargetError) {
          // The operator's switch is named, so a self-hoster pointing at a service of their own knows it exists.
          throw new InvalidRequest(
            `url is at a private, loopback, link-local or reserved address (${error.address}), where qrelay does not deliver. To deliver to private addresses, the operator sets WEBHOOK_ALLOW_PRIVATE=true and restarts qrelay.`,
            'url',
          );
        }
        throw new InvalidRequest(`url host ${url.hostname} does not resolve.`, 'url');
      }
    }
    return url.toString();
  }
}
