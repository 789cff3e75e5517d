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
import { resourceRoutes } from '../resource.js';

export const hooksRoutes: ApiRoutes = async (app, { services, guard, present }) => {
  const onRequest = guard({ scope: 'analytics:read', metered: true });
  const route = declareRoutes(['webhooks']);

  const hooks = resourceRoutes(app, route, { path: '/hooks', read: onRequest, write: onRequest });

  hooks.create('createHook', 'Subscribe to events by webhook', {
    description:
      'Deliveries follow Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature), at least once. 403 when the plan does not include webhooks.',
    body: CreateHookBody,
    response: CreatedHookResponse,
    run: async (acting, { url, events }) => present.createdHook(await services.delivery.webhooks.create(acting, { url, events })),
  });

  hooks.list('listHooks', 'List webhook subscriptions', {
    response: HookListResponse,
    run: async (acting) => (await services.delivery.webhooks.list(acting)).map(present.hook),
  });

  hooks.remove('deleteHook', 'Unsubscribe', {
    description: 'Deliveries not yet made are cancelled.',
    response: DeletedHookResponse,
    run: (acting, id) => services.delivery.webhooks.delete(acting, id),
  });

  app.get(
    '/hooks/:id/deliveries',
    route(onRequest, 'listHookDeliveries', 'Recent deliveries of a subscription', {
      params: IdParams,
      querystring: DeliveriesQuery,
      response: responses({ 200: DeliveryListResponse }, [404]),
    }),
    async (request) => {
      const deliveries = await services.delivery.webhooks.deliveries(actor(request), request.params.id, request.query.limit);
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
      return { data: present.delivery(await services.delivery.webhooks.retry(actor(request), id, deliveryId)) };
    },
  );
};
