import { AlertPage, ListAlertsQuery } from '../api/v1/alerts/schema.js';
import * as schema from '../api/v1/analytics/schema.js';
import { EventPage, ListEventsQuery } from '../api/v1/events/schema.js';
import { IdParams } from '../schemas.js';
import { operation } from './operation.js';

/**
 * The read side of events (modules/analytics): the event log, a code's and the account's aggregated
 * analytics (never individual records), the clearing of a code's scan history, and the alerts raised.
 */
export const ANALYTICS = [
  operation({
    id: 'listEvents',
    tool: 'events_list',
    summary: 'Scans, clicks and views, newest first',
    description:
      'Optionally for one code (codeId) or one type. Automated traffic and HEAD requests are never events. The default page is 50 events (limit 1-100), on purpose: a polling trigger reads one page. Pass `nextCursor` back as `cursor` to read older events.',
    tag: 'events',
    scope: 'analytics:read',
    kind: 'read',
    http: 'GET /events',
    querystring: ListEventsQuery,
    output: EventPage,
    run: async (actor, query, { services, present }) => {
      const page = await services.traffic.analytics.list(actor, query);
      return { data: page.events.map(present.event), nextCursor: page.nextCursor };
    },
  }),
  operation({
    id: 'getCodeAnalytics',
    tool: 'codes_analytics',
    summary: "A code's aggregated analytics",
    description:
      'Totals (scans, unique visitors), a zero-filled daily series and breakdowns by country, device, OS, browser and placement over the last `days` UTC days (1-3650, default 30). Automated traffic and HEAD requests are excluded (counted apart as `excluded`).',
    tag: 'analytics',
    scope: 'analytics:read',
    kind: 'read',
    http: 'GET /analytics/codes/:id',
    params: IdParams,
    querystring: schema.CodeAnalyticsQuery,
    output: schema.CodeAnalyticsResponse,
    run: async (actor, { id, days }, { services, present }) =>
      present.codeAnalytics(id, await services.traffic.scanHistory.analytics(actor, id, days)),
  }),
  operation({
    id: 'getLinkAnalytics',
    tool: 'links_analytics',
    summary: "A short link's aggregated analytics (addition within v1)",
    description:
      "A code's figures for a short link, counting `clicks`: totals (clicks, unique visitors), a zero-filled daily series and breakdowns by country, device, OS, browser and placement over the last `days` UTC days (1-3650, default 30). Automated traffic and HEAD requests are excluded (counted apart as `excluded`).",
    tag: 'analytics',
    scope: 'analytics:read',
    kind: 'read',
    http: 'GET /analytics/links/:id',
    params: IdParams,
    querystring: schema.CodeAnalyticsQuery,
    output: schema.LinkAnalyticsResponse,
    run: async (actor, { id, days }, { services, present }) =>
      present.linkAnalytics(id, await services.traffic.scanHistory.analytics(actor, id, days, 'link')) as never,
  }),
  operation({
    id: 'getAccountAnalytics',
    tool: 'account_analytics',
    summary: 'Every code of the account together, and the most scanned codes',
    description:
      "The account's codes together over the last `days` UTC days (1-365, default 30): totals, a zero-filled daily series, breakdowns by country, device, OS, browser and placement, and the ten most scanned codes of the window. Automated traffic and HEAD requests are excluded (counted apart as `excluded`).",
    tag: 'analytics',
    scope: 'analytics:read',
    kind: 'read',
    http: 'GET /analytics/account',
    querystring: schema.AccountAnalyticsQuery,
    output: schema.AccountAnalyticsResponse,
    run: async (actor, { days }, { services, present }) =>
      present.accountAnalytics(await services.traffic.analytics.accountAnalytics(actor, { days })),
  }),
  operation({
    id: 'clearCodeScans',
    tool: 'codes_clear_scans',
    summary: "Destroy a code's scan history",
    description:
      'Destroys the events, daily totals, alerts raised from them and the lifetime counter, and answers how many events were removed. This cannot be undone. The code and its printed copies are untouched and keep working.',
    tag: 'codes',
    scope: 'codes:write',
    kind: 'change',
    http: 'POST /codes/:id/clear-scans',
    params: IdParams,
    output: schema.ClearScansResponse,
    run: async (actor, { id }, { services, present }) =>
      present.clearScans(id, await services.traffic.scanHistory.clear(actor, id)),
  }),
  operation({
    id: 'listAlerts',
    summary: 'Alerts raised by per-code alert rules, newest first',
    description: 'Optionally for one code (codeId). Pass `nextCursor` back as `cursor` to read older alerts.',
    tag: 'events',
    scope: 'analytics:read',
    kind: 'read',
    http: 'GET /alerts',
    querystring: ListAlertsQuery,
    output: AlertPage,
    run: async (actor, query, { services, present }) => {
      const page = await services.traffic.alerts.list(actor, query);
      return { data: page.alerts.map(present.alert), nextCursor: page.nextCursor };
    },
  }),
];
