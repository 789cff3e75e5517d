import type { FastifyInstance } from 'fastify';
import type { Config } from './config/config.js';
import type { Database } from './db/database.js';
import type { RedisLink } from './lib/redis.js';
import { AnonymousLimiter } from './platform/index.js';
import type { Services } from './services.js';
import { apiV1 } from './http/api/v1/index.js';
import { dashboard, dashboardSurface } from './http/app/index.js';
import { errorDocsRoutes } from './http/error-docs.js';
import { clientAddress } from './http/client-address.js';
import { createGuard } from './http/guard.js';
import { buildPresenters } from './http/presenters.js';
import { healthRoutes } from './http/health.js';
import { mcpRoutes, mcpToken } from './http/mcp/routes.js';
import { TOOLS } from './http/mcp/tools/index.js';
import { HttpMetrics, metricsRoutes } from './http/metrics.js';
import { installOpenApi } from './http/openapi.js';
import { installRequestLog } from './http/request-log.js';
import { createServer } from './http/server.js';
import { resolverServerFactory } from './http/resolver/fast-path.js';
import { resolverRoutes } from './http/resolver/routes.js';
import { mediaPublicRoutes } from './http/media/routes.js';
import { gs1ResolverRoutes } from './http/resolver/gs1.routes.js';
import { contentRoutes } from './http/content/routes.js';
import { newRequestId } from './lib/request-id.js';

export interface AppDeps {
  config: Config;
  database: Database;
  services: Services;
  /** The Redis connections, when configured: /healthz reports them. */
  redis?: RedisLink | null;
  /** The process's metrics (main.ts also serves them on ADMIN_PORT); made here when not given. */
  metrics?: HttpMetrics;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Put the dashboard's own routes in the OpenAPI document (only for generating its client types). */
  documentDashboard?: boolean;
}

/** The composition root of the HTTP surface: wires everything, never listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, services } = deps;
  const metrics = deps.metrics ?? new HttpMetrics(services);
  const client = clientAddress(config.trustProxy);
  const fastPath = resolverServerFactory(services.traffic.resolver, { client, requestId: newRequestId, metrics });
  const app = createServer(config, deps.logger, fastPath, client);
  installRequestLog(app, metrics);
  const documentDashboard = deps.documentDashboard ?? false;
  await installOpenApi(app, config, documentDashboard);
  const anonymous = new AnonymousLimiter(config.anonymousRatePerMinute, services.platform.clock);
  const guard = createGuard(services, anonymous);
  const present = buildPresenters(config, services.platform.clock);
  const surface = dashboardSurface(config, services, documentDashboard);
  await app.register(apiV1, { prefix: '/api/v1', config, services, guard, present, dashboard: surface });
  await app.register(mcpRoutes, { config, services, guard: createGuard(services, anonymous, mcpToken), tools: TOOLS, present });
  await app.register(healthRoutes, { database: deps.database, redis: deps.redis ?? null });
  await app.register(errorDocsRoutes);
  await app.register(metricsRoutes, { metrics, access: { token: config.metricsToken, adminPort: config.adminPort !== null } });
  await app.register(dashboard, { config, services, present, surface, documentRoutes: documentDashboard });
  await app.register(mediaPublicRoutes, { media: services.catalog.media });
  await app.register(gs1ResolverRoutes, { gs1: services.traffic.gs1Resolver, metrics });
  await app.register(contentRoutes, {
    content: services.content.publicContent,
    challenges: services.content.formChallenges,
    publicUrl: config.publicUrl,
  });
  await app.register(resolverRoutes, { resolver: services.traffic.resolver, metrics, publicUrl: config.publicUrl });
  return app;
}
