import { principalOf } from '../../../guard.js';
import { responses } from '../../../schemas.js';
import type { ApiRoutes } from '../context.js';
import { presentCreatedHook, presentDelivery, presentHook } from './presenter.js';
import {
  CreatedHookResponse,
  CreateHookBody,
  DeletedHookResponse,
  DeliveriesQuery,
  DeliveryListResponse,
  HookListResponse,
  HookParams,
} from './schema.js';

export const hooksRoutes: ApiRoutes = async (app, { services, guard }) => {
  const onRequest = guard({ scope: 'analytics:read', metered: true });
  const tags = ['webhooks'];

  app.post(
    '/hooks',
    {
      onRequest,
      schema: {
        operationId: 'createHook',
        summary: 'Subscribe to events by webhook',
        description:
          'Deliveries follow Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature), at least once. 403 when the plan does not include webhooks.',
        tags,
        body: CreateHookBody,
        response: responses({ 201: CreatedHookResponse }),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const hook = await services.webhooks.create({
        accountId: principal.account.id,
        plan: principal.account.plan,
        url: request.body.url,
        events: request.body.events,
      });
      return reply.code(201).send({ data: presentCreatedHook(hook) });
    },
  );

  app.get(
    '/hooks',
    {
      onRequest,
      schema: {
        operationId: 'listHooks',
        summary: 'List webhook subscriptions',
        tags,
        response: responses({ 200: HookListResponse }),
      },
    },
    async (request) => ({ data: (await services.webhooks.list(principalOf(request).account.id)).map(presentHook) }),
  );

  app.delete(
    '/hooks/:id',
    {
      onRequest,
      schema: {
        operationId: 'deleteHook',
        summary: 'Unsubscribe',
        description: 'Deliveries not yet made are cancelled.',
        tags,
        params: HookParams,
        response: responses({ 200: DeletedHookResponse }, [404]),
      },
    },
    async (request) => {
      await services.webhooks.delete(principalOf(request).account.id, request.params.id);
      return { data: { id: request.params.id, deleted: true as const } };
    },
  );

  app.get(
    '/hooks/:id/deliveries',
    {
      onRequest,
      schema: {
        operationId: 'listHookDeliveries',
        summary: 'Recent deliveries of a subscription',
        tags,
        params: HookParams,
        querystring: DeliveriesQuery,
        response: responses({ 200: DeliveryListResponse }, [404]),
      },
    },
    async (request) => {
      const deliveries = await services.webhooks.deliveries(
        principalOf(request).account.id,
        request.params.id,
        request.query.limit,
      );
      return { data: deliveries.map(presentDelivery) };
    },
  );
};
