import { IdParams, responses } from '../../../schemas.js';
import { actor, type ApiRoutes } from '../context.js';
import { ClearScansResponse, CodeAnalyticsQuery, CodeAnalyticsResponse } from './schema.js';

/** A code's aggregated analytics and the clearing of its scan history. Never individual records. */
export const analyticsRoutes: ApiRoutes = async (app, { services, guard, present }) => {
  app.get(
    '/analytics/codes/:id',
    {
      onRequest: guard({ scope: 'analytics:read', metered: true }),
      schema: {
        operationId: 'getCodeAnalytics',
        summary: "A code's aggregated analytics",
        description:
          'Totals (scans, unique visitors), a zero-filled daily series and breakdowns by country, device, OS, browser and placement over the last `days` UTC days. Automated traffic and HEAD requests are excluded (counted apart as `excluded`).',
        tags: ['analytics'],
        params: IdParams,
        querystring: CodeAnalyticsQuery,
        response: responses({ 200: CodeAnalyticsResponse }, [404]),
      },
    },
    async (request) => {
      const { id } = request.params;
      const analytics = await services.scanHistory.analytics(actor(request), id, request.query.days);
      return { data: present.codeAnalytics(id, analytics) };
    },
  );

  app.post(
    '/codes/:id/clear-scans',
    {
      onRequest: guard({ scope: 'codes:write', metered: true }),
      schema: {
        operationId: 'clearCodeScans',
        summary: "Destroy a code's scan history",
        description:
          'Destroys the events, daily totals, alerts raised from them and the lifetime counter. This cannot be undone. The code and its printed copies are untouched.',
        tags: ['codes'],
        params: IdParams,
        response: responses({ 200: ClearScansResponse }, [404]),
      },
    },
    async (request) => {
      const { id } = request.params;
      return { data: present.clearScans(id, await services.scanHistory.clear(actor(request), id)) };
    },
  );
};
