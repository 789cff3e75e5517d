import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config/config.js';
import type { Database } from './db/database.js';
import { newId } from './lib/ids.js';
import { NotFound } from './lib/errors.js';
import { AnonymousLimiter } from './modules/limits/anonymous-limiter.js';
import type { Services } from './services.js';
import { apiV1 } from './http/api/v1/index.js';
import { errorDocsRoutes } from './http/error-docs.js';
import { createErrorRenderer } from './http/errors.js';
import { createGuard } from './http/guard.js';
import { healthRoutes } from './http/health.js';
import { installOpenApi } from './http/openapi.js';
import { installValidators } from './http/validation.js';
import { resolverRoutes } from './http/resolver/routes.js';

export interface AppDeps {
  config: Config;
  database: Database;
  services: Services;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
}

/** The composition root of the HTTP surface: wires everything, never listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, services } = deps;
  const app = Fastify({
    logger: deps.logger ?? {
      level: config.logLevel,
      // No client address in any log line.
      serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }) },
    },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    genReqId: () => newId(),
    requestIdHeader: false,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
  }).withTypeProvider<TypeBoxTypeProvider>();

  installValidators(app);
  const renderError = createErrorRenderer(config.publicUrl);
  app.setErrorHandler((error, request, reply) => renderError(error, request, reply));
  app.setNotFoundHandler(async () => {
    throw new NotFound('page');
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  // An empty body with a JSON content type means "no body", as clients often send one with POST.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });

  await installOpenApi(app, config);
  const guard = createGuard(services, new AnonymousLimiter(config.anonymousRatePerMinute, services.clock));
  await app.register(apiV1, { prefix: '/api/v1', config, services, guard });
  await app.register(healthRoutes, { database: deps.database });
  await app.register(errorDocsRoutes);
  await app.register(resolverRoutes, { resolver: services.resolver });
  return app;
}
