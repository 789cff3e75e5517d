import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpMetrics } from './metrics.js';

const API_PATH = /^\/(api|mcp)(\/|$|\?)/;

const accountOf = (request: FastifyRequest): string | null =>
  (request as FastifyRequest & { principal?: { account: { id: string } } | null }).principal?.account.id ?? null;

/**
 * One line per API and MCP request at info: method, route (the template, never the path with its
 * ids or query), status, time, request id and account. Never a token, never an address. Other
 * requests (the resolver, health) are counted in /metrics instead.
 */
export function installRequestLog(app: FastifyInstance, metrics: HttpMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    // The address that came in: the dashboard's /app/api/v1, routed to /api/v1, is not the API.
    if (!API_PATH.test(request.originalUrl)) return;
    const route = request.routeOptions.url ?? 'unknown';
    metrics.apiRequest(request.method, route, reply.statusCode);
    request.log.info(
      {
        method: request.method,
        route,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        accountId: accountOf(request),
      },
      'request',
    );
  });
}
