import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Guard } from './guard.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A v1 route only the dashboard has (under /app/api/v1): on /api/v1 it is an unknown endpoint. */
    dashboardOnly?: boolean;
    /** A v1 route only /api/v1 has: under /app/api/v1 it is an unknown endpoint. */
    publicOnly?: boolean;
  }
}

/** Where the dashboard calls the v1 routes, and where they are mounted. */
const DASHBOARD_V1 = '/app/api/v1/';
const API_V1 = '/api/v1/';

/**
 * Fastify's `rewriteUrl`: the v1 routes are mounted once, under /api/v1, so the dashboard's
 * /app/api/v1/… is routed there; `request.originalUrl` keeps the address that came in.
 */
export function rewriteUrl(req: { url?: string }): string {
  const url = req.url ?? '/';
  return url.startsWith(DASHBOARD_V1) ? API_V1 + url.slice(DASHBOARD_V1.length) : url;
}

/** Whether a v1 request came in through the dashboard (/app/api/v1: session and CSRF) rather than /api/v1 (Bearer). */
export const viaDashboard = (request: FastifyRequest): boolean => request.originalUrl.startsWith(DASHBOARD_V1);

/**
 * The guard of a route both surfaces reach: the address the request came in on picks the session or
 * the bearer chain, never the credential it carries, so neither surface accepts the other's.
 */
export function surfaceGuard(bearer: Guard, session: Guard): Guard {
  return (policy) => {
    const api = bearer(policy);
    const dashboard = session(policy);
    return Object.assign(
      (request: FastifyRequest, reply: FastifyReply): Promise<void> =>
        viaDashboard(request) ? dashboard(request, reply) : api(request, reply),
      { policy },
    );
  };
}
