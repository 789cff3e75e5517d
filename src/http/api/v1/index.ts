import cookie from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '../../../lib/errors.js';
import { policyOf, type Guard } from '../../guard.js';
import { surfaceGuard, viaDashboard } from '../../surface.js';
import { checkRequestText } from '../../text-input.js';
import type { ApiContext } from './context.js';
import { operationRoutes } from './operations.js';
import { CATALOG } from '../../operations/index.js';
import { symbolsRoutes } from './symbols/routes.js';
import { jobFileRoutes } from './job-files/routes.js';
import { analyticsExportRoutes } from './analytics-exports/routes.js';
import { analyticsReportRoutes } from './analytics-exports/reports.js';

/**
 * Every resource of /api/v1, each one plugin: the catalog's routes, then the symbol images, which
 * answer bytes rather than JSON. A resource adds its operations to the catalog (http/operations).
 */
export const RESOURCES = [
  ...CATALOG.map((operations) => operationRoutes(operations)),
  symbolsRoutes,
  jobFileRoutes,
  analyticsExportRoutes,
  analyticsReportRoutes,
];

/** What the dashboard brings to the v1 routes it reaches at /app/api/v1. */
export interface DashboardV1 {
  /** The session chain that stands in for the bearer one there. */
  guard: Guard;
  /** Refuses a state change without the browser's CSRF token. */
  csrf: { check(request: FastifyRequest): Promise<void> };
  /** The routes only the dashboard has; each carries `config.dashboardOnly`. */
  routes: FastifyPluginAsync<ApiContext>;
}

export interface ApiV1Options extends ApiContext {
  dashboard: DashboardV1;
}

/**
 * Every v1 route, mounted once: /api/v1 reaches it with a bearer token, and the dashboard's
 * /app/api/v1, which the server rewrites to it, with its session and CSRF token.
 */
export const apiV1: FastifyPluginAsync<ApiV1Options> = async (app, { config, services, guard, present, dashboard }) => {
  const context: ApiContext = { config, services, guard: surfaceGuard(guard, dashboard.guard), present };
  // The dashboard's requests carry the session and CSRF secrets in cookies.
  await app.register(cookie);
  app.decorateRequest('principal', null);
  app.decorateRequest('rate', null);
  // Publish each route's scope in the OpenAPI document (3.1 allows role names on any scheme).
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { hide?: boolean; operationId?: string } | undefined;
    if (schema && !schema.hide && !schema.operationId)
      throw new Error(`${route.method} ${route.url} needs an operationId: clients are generated from it`);
    const policy = policyOf(route.onRequest);
    if (!policy || !route.schema) return;
    (route.schema as Record<string, unknown>).security = policy.oneOf
      ? policy.oneOf.map((scope) => ({ bearerAuth: [scope] }))
      : [{ bearerAuth: policy.scope ? [policy.scope, ...(policy.also ?? [])] : [] }];
  });

  // On the API an unknown path still authenticates and counts against the rate, so it answers like any endpoint.
  const unknownGuard = guard({ scope: null, metered: false });
  async function unknownEndpoint(request: FastifyRequest, reply: FastifyReply): Promise<never> {
    if (!viaDashboard(request)) await unknownGuard(request, reply);
    throw new NotFound(`endpoint ${request.method} ${request.originalUrl.split('?')[0]}`);
  }
  app.addHook('onRequest', async (request, reply) => {
    const fromDashboard = viaDashboard(request);
    // Every state change on the dashboard's surface carries the CSRF token, signed in or not.
    if (fromDashboard) await dashboard.csrf.check(request);
    const { dashboardOnly, publicOnly } = request.routeOptions.config;
    if (fromDashboard ? publicOnly : dashboardOnly) await unknownEndpoint(request, reply);
  });
  app.addHook('preValidation', checkRequestText);

  for (const resource of RESOURCES) await app.register(resource, context);
  await app.register(dashboard.routes, context);

  app.get('/openapi.json', { schema: { hide: true }, config: { publicOnly: true } }, async () => app.swagger());
  app.setNotFoundHandler(unknownEndpoint);
};
