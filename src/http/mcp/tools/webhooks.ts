import {
  CreatedHookResponse,
  CreateHookBody,
  DeletedHookResponse,
  DeliveriesQuery,
  DeliveryListResponse,
  HookListResponse,
} from '../../api/v1/hooks/schema.js';
import { IdParams } from '../../schemas.js';
import { ADD, CHANGE, defineTool, NoInput, READ, toolInput } from '../tool.js';

/** Webhook subscriptions: the same service calls and presenters as /api/v1/hooks. */
export const webhookTools = [
  defineTool({
    name: 'webhooks_list',
    title: 'List webhook subscriptions',
    description: 'Lists the webhook subscriptions of the account with their status.',
    scope: 'analytics:read',
    input: NoInput,
    output: HookListResponse,
    annotations: READ,
    async handler(_args, { services, actor, present }) {
      return { data: (await services.webhooks.list(actor)).map(present.hook) };
    },
  }),
  defineTool({
    name: 'webhooks_create',
    title: 'Subscribe to events by webhook',
    description:
      'Subscribes url (http or https) to events (scan, link_click, ...; all when omitted). Deliveries follow Standard Webhooks, at least once; the signing secret is returned only here. A plan without webhooks gives forbidden.',
    scope: 'analytics:read',
    input: toolInput(CreateHookBody),
    output: CreatedHookResponse,
    annotations: ADD,
    async handler({ url, events }, { services, actor, present }) {
      const hook = await services.webhooks.create(actor, {
        url,
        events,
      });
      return { data: present.createdHook(hook) };
    },
  }),
  defineTool({
    name: 'webhooks_delete',
    title: 'Unsubscribe a webhook',
    description: 'Deletes a webhook subscription; deliveries not yet made are cancelled.',
    scope: 'analytics:read',
    input: toolInput(IdParams),
    output: DeletedHookResponse,
    annotations: CHANGE,
    async handler({ id }, { services, actor }) {
      await services.webhooks.delete(actor, id);
      return { data: { id, deleted: true as const } };
    },
  }),
  defineTool({
    name: 'webhooks_deliveries',
    title: 'Recent webhook deliveries',
    description: 'Lists the recent deliveries of one subscription, newest first, with attempts and last response.',
    scope: 'analytics:read',
    input: toolInput(IdParams, DeliveriesQuery),
    output: DeliveryListResponse,
    annotations: READ,
    async handler({ id, limit }, { services, actor, present }) {
      return { data: (await services.webhooks.deliveries(actor, id, limit)).map(present.delivery) };
    },
  }),
];
