import type { Static } from '@sinclair/typebox';
import { responses } from '../../../schemas.js';
import { actor, type ApiRoutes } from '../context.js';
import { AlertPage, ListAlertsQuery } from './schema.js';

export const alertsRoutes: ApiRoutes = async (app, { services, guard, present }) => {
  app.get(
    '/alerts',
    {
      onRequest: guard({ scope: 'analytics:read', metered: true }),
      schema: {
        operationId: 'listAlerts',
        summary: 'Alerts raised by per-code alert rules, newest first',
        tags: ['events'],
        querystring: ListAlertsQuery,
        response: responses({ 200: AlertPage }),
      },
    },
    async (request) => {
      const query = request.query as Static<typeof ListAlertsQuery>;
      const page = await services.alerts.list(actor(request), query);
      return { data: page.alerts.map(present.alert), nextCursor: page.nextCursor };
    },
  );
};
