import type { Static } from '@sinclair/typebox';
import { responses } from '../../../schemas.js';
import { actor, type ApiRoutes } from '../context.js';
import { EventPage, ListEventsQuery } from './schema.js';

export const eventsRoutes: ApiRoutes = async (app, { services, guard, present }) => {
  app.get(
    '/events',
    {
      onRequest: guard({ scope: 'analytics:read', metered: true }),
      schema: {
        operationId: 'listEvents',
        summary: 'Scans, clicks and views, newest first',
        description:
          'Automated traffic and HEAD requests are never events. The default page is 50 events, on purpose: a ' +
          'polling trigger reads one page. Pass `nextCursor` back as `cursor` to read older events.',
        tags: ['events'],
        querystring: ListEventsQuery,
        response: responses({ 200: EventPage }),
      },
    },
    async (request) => {
      const query = request.query as Static<typeof ListEventsQuery>;
      const page = await services.analytics.list(actor(request), query);
      return { data: page.events.map(present.event), nextCursor: page.nextCursor };
    },
  );
};
