import * as schema from '../../api/v1/hooks/schema.js';
import { IdParams } from '../../schemas.js';
import { resourceTools } from '../tool.js';

/** SPEC: managing subscriptions needs analytics:read, like reading the events they carry. */
const tool = resourceTools('analytics:read');

/** Webhook subscriptions: the same service calls and presenters as /api/v1/hooks. */
export const webhookTools = [
  tool.read('webhooks_list', 'List webhook subscriptions', [], schema.HookListResponse, {
    description: 'Lists the webhook subscriptions of the account with their status.',
    run: async (_args, { services, actor, present }) => (await services.delivery.webhooks.list(actor)).map(present.hook),
  }),
  tool.add('webhooks_create', 'Subscribe to events by webhook', [schema.CreateHookBody], schema.CreatedHookResponse, {
    description:
      'Subscribes url (http or https) to events (scan, link_click, ...; all when omitted). Deliveries follow Standard Webhooks, at least once; the signing secret is returned only here. A plan without webhooks gives forbidden.',
    run: async ({ url, events }, { services, actor, present }) =>
      present.createdHook(await services.delivery.webhooks.create(actor, { url, events })),
  }),
  tool.remove('webhooks_delete', 'Unsubscribe a webhook', [IdParams], schema.DeletedHookResponse, {
    description: 'Deletes a webhook subscription; deliveries not yet made are cancelled.',
    run: ({ id }, { services, actor }) => services.delivery.webhooks.delete(actor, id),
  }),
  tool.read('webhooks_deliveries', 'Recent webhook deliveries', [IdParams, schema.DeliveriesQuery], schema.DeliveryListResponse, {
    description: 'Lists the recent deliveries of one subscription, newest first, with attempts and last response.',
    run: async ({ id, limit }, { services, actor, present }) =>
      (await services.delivery.webhooks.deliveries(actor, id, limit)).map(present.delivery),
  }),
];
