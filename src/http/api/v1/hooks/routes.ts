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
import { declareRoutes } from '../route.js';

export const hooksRoutes: ApiRoutes = async (app, { services, guard, present }) => {
  const onRequest = guard({ scope: 'analytics:read', metered: true });
  const route = declareRoutes(['webhooks']);

  app.post(
    '/hooks',
    route(onRequest, 'createHook', 'Subscribe to events by webhook', {
      description:
        'Deliveries follow Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature), at least once. 403 when the plan does not include webhooks.',
      body: CreateHookBody,
      response: responses({ 201: CreatedHookResponse }),
    }),
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
    route(onRequest, 'listHooks', 'List webhook subscriptions', { response: responses({ 200: HookListResponse }) }),
    async (request) => ({ data: (await services.webhooks.list(actor(request))).map(present.hook) }),
  );

  app.delete(
    '/hooks/:id',
    route(onRequest, 'deleteHook', 'Unsubscribe', {
      description: 'Deliveries not yet made are cancelled.',
      params: IdParams,
      response: responses({ 200: DeletedHookResponse }, [404]),
    }),
    async (request) => {
      await services.webhooks.delete(actor(request), request.params.id);
      return { data: { id: request.params.id, deleted: true as const } };
    },
  );

  app.get(
    '/hooks/:id/deliveries',
    route(onRequest, 'listHookDeliveries', 'Recent deliveries of a subscription', {
      params: IdParams,
      querystring: DeliveriesQuery,
      response: responses({ 200: DeliveryListResponse }, [404]),
    }),
    async (request) => {
      const deliveries = await services.webhooks.deliveries(actor(request), request.params.id, request.query.limit);
      return { data: deliveries.map(present.delivery) };
    },
  );

  app.post(
    '/hooks/:id/deliveries/:deliveryId/retry',
    route(onRequest, 'retryHookDelivery', 'Send a failed delivery once more', {
      description:
        'Puts a delivery that failed for good (or was cancelled when the subscription was turned off) back in the outbox, due now, with the same webhook-id, and turns the subscription back on. 400 when the delivery is pending or succeeded.',
      params: DeliveryParams,
      response: responses({ 200: DeliveryResponse }, [404]),
    }),
    async (request) => {
      const { id, deliveryId } = request.params;
      return { data: present.delivery(await services.webhooks.retry(actor(request), id, deliveryId)) };
    },
  );
};
