import type { FastifyInstance } from 'fastify';
import type { Config } from './config/config.js';
import type { Database } from './db/database.js';
import { AnonymousLimiter } from './modules/limits/anonymous-limiter.js';
import type { Services } from './services.js';
import { apiV1 } from './http/api/v1/index.js';
import { errorDocsRoutes } from './http/error-docs.js';
import { createGuard } from './http/guard.js';
import { healthRoutes } from './http/health.js';
import { installOpenApi } from './http/openapi.js';
import { createServer } from './http/server.js';
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
  const app = createServer(config, deps.logger);
  await installOpenApi(app, config);
  const guard = createGuard(services, new AnonymousLimiter(config.anonymousRatePerMinute, services.clock));
  await app.register(apiV1, { prefix: '/api/v1', config, services, guard });
  await app.register(healthRoutes, { database: deps.database });
  await app.register(errorDocsRoutes);
  await app.register(resolverRoutes, { resolver: services.resolver });
  return app;
}
