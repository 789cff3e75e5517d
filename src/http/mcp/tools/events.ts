import {
  AccountAnalyticsQuery,
  AccountAnalyticsResponse,
  ClearScansResponse,
  CodeAnalyticsQuery,
  CodeAnalyticsResponse,
} from '../../api/v1/analytics/schema.js';
import { EventPage, ListEventsQuery } from '../../api/v1/events/schema.js';
import { IdParams } from '../../schemas.js';
import { defineTool, READ, resourceTools, toolInput } from '../tool.js';

const analytics = resourceTools('analytics:read');

/** Events, code and account analytics and clearing a scan history: the same service calls and presenters as REST. */
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
      const page = await services.traffic.analytics.list(actor, args);
      return { data: page.events.map(present.event), nextCursor: page.nextCursor };
    },
  }),
  analytics.read('codes_analytics', "A code's analytics", [IdParams, CodeAnalyticsQuery], CodeAnalyticsResponse, {
    description:
      "A code's scans and unique visitors over the last `days` UTC days (1-3650, default 30), with a daily series and breakdowns by country, device, OS, browser and placement. Automated traffic is excluded.",
    run: async ({ id, days }, { services, actor, present }) =>
      present.codeAnalytics(id, await services.traffic.scanHistory.analytics(actor, id, days)),
  }),
  analytics.read('account_analytics', "The account's analytics", [AccountAnalyticsQuery], AccountAnalyticsResponse, {
    description:
      'Every code of the account together over the last `days` UTC days (1-365, default 30): totals, a daily series, breakdowns by country, device, OS, browser and placement, and the ten most scanned codes of the window. Automated traffic is excluded.',
    run: async ({ days }, { services, actor, present }) =>
      present.accountAnalytics(await services.traffic.analytics.accountAnalytics(actor, { days })),
  }),
  resourceTools('codes:write').change('codes_clear_scans', "Destroy a code's scan history", [IdParams], ClearScansResponse, {
    description:
      "Destroys a code's events, daily totals, alerts and lifetime counter, and returns how many events were removed. Cannot be undone; the code and its printed copies keep working.",
    run: async ({ id }, { services, actor, present }) =>
      present.clearScans(id, await services.traffic.scanHistory.clear(actor, id)),
  }),
];
