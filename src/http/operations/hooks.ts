import * as schema from '../api/v1/hooks/schema.js';
import { IdParams } from '../schemas.js';
import { operation } from './operation.js';

const tag = 'webhooks';
/** SPEC: managing subscriptions needs analytics:read, like reading the events they carry. */
const scope = 'analytics:read';

/** Webhook subscriptions and their deliveries: /api/v1/hooks and the webhooks_* tools. */
export const HOOKS = [
  operation({
    id: 'createHook',
    tool: 'webhooks_create',
    summary: 'Subscribe to events by webhook',
    description:
      'Subscribes url (http or https) to events (scan, link_click, ...; all when omitted). Deliveries follow Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature), at least once; the signing secret is returned only here. A plan without webhooks gives forbidden (403).',
    tag,
    scope,
    kind: 'add',
    http: 'POST /hooks',
    body: schema.CreateHookBody,
    output: schema.CreatedHookResponse,
    run: async (actor, { url, events }, { services, present }) =>
      present.createdHook(await services.delivery.webhooks.create(actor, { url, events })),
  }),
  operation({
    id: 'listHooks',
    tool: 'webhooks_list',
    summary: 'List webhook subscriptions',
    description: 'Lists the webhook subscriptions of the account with their status.',
    tag,
    scope,
    kind: 'read',
    http: 'GET /hooks',
    output: schema.HookListResponse,
    run: async (actor, _input, { services, present }) => (await services.delivery.webhooks.list(actor)).map(present.hook),
  }),
  operation({
    id: 'deleteHook',
    tool: 'webhooks_delete',
    summary: 'Unsubscribe a webhook',
    description: 'Deletes a webhook subscription; deliveries not yet made are cancelled.',
    tag,
    scope,
    kind: 'remove',
    http: 'DELETE /hooks/:id',
    params: IdParams,
    output: schema.DeletedHookResponse,
    run: (actor, { id }, { services }) => services.delivery.webhooks.delete(actor, id),
  }),
  operation({
    id: 'listHookDeliveries',
    tool: 'webhooks_deliveries',
    summary: 'Recent deliveries of a webhook subscription',
    description: 'Lists the recent deliveries of one subscription, newest first, with attempts and last response.',
    tag,
    scope,
    kind: 'read',
    http: 'GET /hooks/:id/deliveries',
    params: IdParams,
    querystring: schema.DeliveriesQuery,
    output: schema.DeliveryListResponse,
    run: async (actor, { id, limit }, { services, present }) =>
      (await services.delivery.webhooks.deliveries(actor, id, limit)).map(present.delivery),
  }),
  operation({
    id: 'retryHookDelivery',
    summary: 'Send a failed delivery once more',
    description:
      'Puts a delivery that failed for good (or was cancelled when the subscription was turned off) back in the outbox, due now, with the same webhook-id, and turns the subscription back on. 400 when the delivery is pending or succeeded.',
    tag,
    scope,
    kind: 'change',
    http: 'POST /hooks/:id/deliveries/:deliveryId/retry',
    params: schema.DeliveryParams,
    output: schema.DeliveryResponse,
    run: async (actor, { id, deliveryId }, { services, present }) =>
      present.delivery(await services.delivery.webhooks.retry(actor, id, deliveryId)),
  }),
];
