import type { Static } from '@sinclair/typebox';
import { principalOf } from '../../../guard.js';
import { responses } from '../../../schemas.js';
import type { ApiRoutes } from '../context.js';
import { presentEvent } from './presenter.js';
import { EventPage, ListEventsQuery } from './schema.js';

export const eventsRoutes: ApiRoutes = async (app, { services, guard }) => {
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
      const page = await services.events.list({ accountId: principalOf(request).account.id, ...query });
      return { data: page.events.map(presentEvent), nextCursor: page.nextCursor };
    },
  );
};
