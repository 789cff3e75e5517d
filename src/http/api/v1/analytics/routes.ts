import type { Static } from '@sinclair/typebox';
import { IdParams, responses } from '../../../schemas.js';
import { AlertPage, ListAlertsQuery } from '../alerts/schema.js';
import { actor, type ApiRoutes } from '../context.js';
import { EventPage, ListEventsQuery } from '../events/schema.js';
import {
  AccountAnalyticsQuery,
  AccountAnalyticsResponse,
  ClearScansResponse,
  CodeAnalyticsQuery,
  CodeAnalyticsResponse,
} from './schema.js';
import { declareRoutes } from '../route.js';

const route = declareRoutes(['events']);

const analyticsRoute = declareRoutes(['analytics']);

const codesRoute = declareRoutes(['codes']);

/** A cursor page as the API answers it: the presented items and the cursor of the next (older) page. */
const cursorPage = <T, J>(items: readonly T[], nextCursor: string | null, view: (item: T) => J) => ({
  data: items.map(view),
  nextCursor,
});

/**
 * The read side of events (modules/analytics): the event log, a code's and the account's aggregated
 * analytics (never individual records), the clearing of its scan history, and the alerts raised.
 */
export const analyticsRoutes: ApiRoutes = async (app, { services, guard, present }) => {
  const read = guard({ scope: 'analytics:read', metered: true });

  app.get(
    '/events',
    route(read, 'listEvents', 'Scans, clicks and views, newest first', {
      description:
        'Automated traffic and HEAD requests are never events. The default page is 50 events, on purpose: a ' +
        'polling trigger reads one page. Pass `nextCursor` back as `cursor` to read older events.',
      querystring: ListEventsQuery,
      response: responses({ 200: EventPage }),
    }),
    async (request) => {
      const page = await services.traffic.analytics.list(actor(request), request.query as Static<typeof ListEventsQuery>);
      return cursorPage(page.events, page.nextCursor, present.event);
    },
  );

  app.get(
    '/analytics/codes/:id',
    analyticsRoute(read, 'getCodeAnalytics', "A code's aggregated analytics", {
      description:
        'Totals (scans, unique visitors), a zero-filled daily series and breakdowns by country, device, OS, browser and placement over the last `days` UTC days. Automated traffic and HEAD requests are excluded (counted apart as `excluded`).',
      params: IdParams,
      querystring: CodeAnalyticsQuery,
      response: responses({ 200: CodeAnalyticsResponse }, [404]),
    }),
    async (request) => {
      const { id } = request.params;
      const analytics = await services.traffic.scanHistory.analytics(actor(request), id, request.query.days);
      return { data: present.codeAnalytics(id, analytics) };
    },
  );

  app.get(
    '/analytics/account',
    analyticsRoute(read, 'getAccountAnalytics', 'Every code of the account together, and the most scanned codes', {
      description:
        "The account's codes together over the last `days` UTC days (1 to 365): totals, a zero-filled daily series, breakdowns by country, device, OS, browser and placement, and the ten most scanned codes of the window. Automated traffic and HEAD requests are excluded (counted apart as `excluded`).",
      querystring: AccountAnalyticsQuery,
      response: responses({ 200: AccountAnalyticsResponse }),
    }),
    async (request) => ({
      data: present.accountAnalytics(await services.traffic.analytics.accountAnalytics(actor(request), request.query)),
    }),
  );

  app.post(
    '/codes/:id/clear-scans',
    codesRoute(guard({ scope: 'codes:write', metered: true }), 'clearCodeScans', "Destroy a code's scan history", {
      description:
        'Destroys the events, daily totals, alerts raised from them and the lifetime counter. This cannot be undone. The code and its printed copies are untouched.',
      params: IdParams,
      response: responses({ 200: ClearScansResponse }, [404]),
    }),
    async (request) => {
      const { id } = request.params;
      return { data: present.clearScans(id, await services.traffic.scanHistory.clear(actor(request), id)) };
    },
  );

  app.get(
    '/alerts',
    route(read, 'listAlerts', 'Alerts raised by per-code alert rules, newest first', {
      querystring: ListAlertsQuery,
      response: responses({ 200: AlertPage }),
    }),
    async (request) => {
      const page = await services.traffic.alerts.list(actor(request), request.query as Static<typeof ListAlertsQuery>);
      return cursorPage(page.alerts, page.nextCursor, present.alert);
    },
  );
};
