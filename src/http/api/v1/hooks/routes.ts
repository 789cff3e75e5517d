import { IdParams, responses } from '../../../schemas.js';
import { actor, type ApiRoutes } from '../context.js';
import {
  CreatedHookResponse,
  CreateHookBody,
  DeletedHookResponse,
  DeliveriesQuery,
  DeliveryListResponse,
  DeliveryParams,
  DeliveryResponse,
  HookListResponse,
} from './schema.js';

export const hooksRoutes: ApiRoutes = async (app, { services, guard, present }) => {
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
      const hook = await services.webhooks.create(actor(request), {
        url: request.body.url,
        events: request.body.events,
      });
      return reply.code(201).send({ data: present.createdHook(hook) });
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
    async (request) => ({ data: (await services.webhooks.list(actor(request))).map(present.hook) }),
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
        params: IdParams,
        response: responses({ 200: DeletedHookResponse }, [404]),
      },
    },
    async (request) => {
      await services.webhooks.delete(actor(request), request.params.id);
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
        params: IdParams,
        querystring: DeliveriesQuery,
        response: responses({ 200: DeliveryListResponse }, [404]),
      },
    },
    async (request) => {
      const deliveries = await services.webhooks.deliveries(actor(request), request.params.id, request.query.limit);
      return { data: deliveries.map(present.delivery) };
    },
  );

  app.post(
    '/hooks/:id/deliveries/:deliveryId/retry',
    {
      onRequest,
      schema: {
        operationId: 'retryHookDelivery',
        summary: 'Send a failed delivery once more',
        description:
          'Puts a delivery that failed for good (or was cancelled when the subscription was turned off) back in the outbox, due now, with the same webhook-id, and turns the subscription back on. 400 when the delivery is pending or succeeded.',
        tags,
        params: DeliveryParams,
        response: responses({ 200: DeliveryResponse }, [404]),
      },
    },
    async (request) => {
      const { id, deliveryId } = request.params;
      return { data: present.delivery(await services.webhooks.retry(actor(request), id, deliveryId)) };
    },
  );
};
