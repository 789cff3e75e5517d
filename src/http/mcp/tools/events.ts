import { ClearScansResponse, CodeAnalyticsQuery, CodeAnalyticsResponse } from '../../api/v1/analytics/schema.js';
import { EventPage, ListEventsQuery } from '../../api/v1/events/schema.js';
import { IdParams } from '../../schemas.js';
import { CHANGE, defineTool, READ, toolInput } from '../tool.js';

/** Events, code analytics and clearing a scan history: the same service calls and presenters as REST. */
export const eventTools = [
  defineTool({
    name: 'events_list',
    title: 'List recent events',
    description:
      'Lists scans, clicks and views newest first (limit 1-100, default 50), optionally for one code (codeId) or one type; pass nextCursor back as cursor for the next page. Robots are never included.',
    scope: 'analytics:read',
    input: toolInput(ListEventsQuery),
    output: EventPage,
    annotations: READ,
    async handler(args, { services, actor, present }) {
      const page = await services.analytics.list(actor, args);
      return { data: page.events.map(present.event), nextCursor: page.nextCursor };
    },
  }),
  defineTool({
    name: 'codes_analytics',
    title: "A code's analytics",
    description:
      "A code's scans and unique visitors over the last `days` UTC days (1-3650, default 30), with a daily series and breakdowns by country, device, OS, browser and placement. Automated traffic is excluded.",
    scope: 'analytics:read',
    input: toolInput(IdParams, CodeAnalyticsQuery),
    output: CodeAnalyticsResponse,
    annotations: READ,
    async handler({ id, days }, { services, actor, present }) {
      return { data: present.codeAnalytics(id, await services.scanHistory.analytics(actor, id, days)) };
    },
  }),
  defineTool({
    name: 'codes_clear_scans',
    title: "Destroy a code's scan history",
    description:
      "Destroys a code's events, daily totals, alerts and lifetime counter, and returns how many events were removed. Cannot be undone; the code and its printed copies keep working.",
    scope: 'codes:write',
    input: toolInput(IdParams),
    output: ClearScansResponse,
    annotations: CHANGE,
    async handler({ id }, { services, actor, present }) {
      return { data: present.clearScans(id, await services.scanHistory.clear(actor, id)) };
    },
  }),
];
