import type { FastifyPluginAsync } from 'fastify';
import { NotFound } from '../../../lib/errors.js';
import { policyOf } from '../../guard.js';
import { checkRequestText } from '../../text-input.js';
import type { ApiContext } from './context.js';
import { operationRoutes } from './operations.js';
import { CATALOG } from '../../operations/index.js';
import { symbolsRoutes } from './symbols/routes.js';

/**
 * Every resource of /api/v1, each one plugin: the catalog's routes, then the symbol images, which
 * answer bytes rather than JSON. A resource adds its operations to the catalog (http/operations).
 */
export const RESOURCES = [...CATALOG.map((operations) => operationRoutes(operations)), symbolsRoutes];

export const apiV1: FastifyPluginAsync<ApiContext> = async (app, { config, services, guard, present }) => {
  const context: ApiContext = { config, services, guard, present };
  app.decorateRequest('principal', null);
  app.decorateRequest('rate', null);
  // Publish each route's scope in the OpenAPI document (3.1 allows role names on any scheme).
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { hide?: boolean; operationId?: string } | undefined;
    if (schema && !schema.hide && !schema.operationId)
      throw new Error(`${route.method} ${route.url} needs an operationId: clients are generated from it`);
    const policy = policyOf(route.onRequest);
    if (!policy || !route.schema) return;
    (route.schema as Record<string, unknown>).security = [{ bearerAuth: policy.scope ? [policy.scope] : [] }];
  });
  app.addHook('preValidation', checkRequestText);
  for (const resource of RESOURCES) await app.register(resource, context);

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // An unknown path still authenticates and counts against the rate, so it answers like any endpoint.
  app.setNotFoundHandler({ preHandler: guard({ scope: null, metered: false }) }, async (request) => {
    throw new NotFound(`endpoint ${request.method} ${request.url.split('?')[0]}`);
  });
};
