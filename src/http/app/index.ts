import cookie from '@fastify/cookie';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyPluginAsync, RouteOptions } from 'fastify';
import type { Config } from '../../config/config.js';
import { NotFound } from '../../lib/errors.js';
import type { Services } from '../../services.js';
import type { Presenters } from '../presenters.js';
import type { ApiContext } from '../api/v1/context.js';
import type { DashboardV1 } from '../api/v1/index.js';
import { policyOf } from '../guard.js';
import { accountRoutes } from './account.routes.js';
import { Csrf } from './csrf.js';
import { mediaWriteRoutes } from './media.routes.js';
import { previewRoutes } from './preview.routes.js';
import { ownSecurityRoutes, teamSecurityRoutes } from './security.routes.js';
import { createSessionGuard } from './session.guard.js';
import { sessionRoutes } from './session.routes.js';
import { SignInThrottle } from './sign-in.throttle.js';
import { spaRoutes } from './spa.js';
import { tokensRoutes } from './tokens.routes.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route a plain HTML form posts to, whose CSRF token comes in the query (the live preview). */
    csrfInQuery?: boolean;
    /** A route a person may use before setting up the second factor their account requires (their own security). */
    beforeTwoFactor?: boolean;
  }
}

/** The dashboard's session surface: one CSRF check and one session guard for its own routes and the v1 routes. */
export interface DashboardSurface extends DashboardV1 {
  csrf: Csrf;
}

/**
 * Keeps a dashboard route out of every OpenAPI document but the dashboard's own (generated for its
 * client types), where it states the session cookie or, when unguarded, nothing.
 */
function documentForDashboard(route: RouteOptions, documentRoutes: boolean): void {
  if (!documentRoutes) {
    route.schema = Object.assign(route.schema ?? {}, { hide: true });
    return;
  }
  if (route.schema) route.schema.security = policyOf(route.onRequest) ? [{ sessionCookie: [] }] : [];
}

/** Mounted under /api/v1, a route only the dashboard has is documented where the dashboard calls it. */
const atDashboardAddress: SwaggerTransform = ({ schema, url }) => ({ schema, url: `/app${url}` });

/**
 * The dashboard's side of the v1 routes, which are mounted once under /api/v1 and reached from
 * /app/api/v1 by the server's rewrite: the session guard and CSRF check that replace the bearer
 * guard there, and the routes only the dashboard has (media changes, the live preview).
 */
export function dashboardSurface(config: Config, services: Services, documentRoutes = false): DashboardSurface {
  const guard = createSessionGuard(services);
  const routes: FastifyPluginAsync<ApiContext> = async (v1, context) => {
    v1.addHook('onRoute', (route) => {
      // Flagged here as well as by each route, so no route mounted here can answer on /api/v1.
      route.config = { ...route.config, dashboardOnly: true, swaggerTransform: atDashboardAddress };
      documentForDashboard(route, documentRoutes);
    });
    await v1.register(mediaWriteRoutes, { ...context, guard });
    await v1.register(previewRoutes, { ...context, guard });
  };
  return { csrf: new Csrf(config), guard, routes };
}

export interface DashboardOptions {
  config: Config;
  services: Services;
  /** The presenters every surface shares. */
  present: Presenters;
  /** The session guard and CSRF check, shared with the v1 routes the dashboard reaches. */
  surface: Pick<DashboardSurface, 'csrf' | 'guard'>;
  /**
   * Whether the dashboard's own routes (session, set-up, tokens, account) appear in the OpenAPI document: only
   * when the dashboard's client types are generated, never in the public /api/v1/openapi.json.
   */
  documentRoutes?: boolean;
  /** The built single-page app (default web/dist). */
  webRoot?: string;
}

/**
 * The web dashboard: the single-page app under /app, and its session surface under
 * /app/api: sign-in and the other session routes, and the person's tokens and account. Its
 * /app/api/v1 is not mounted here: the server rewrites it to the v1 routes under /api/v1, which
 * answer it with the session guard and CSRF check of `dashboardSurface`.
 */
export const dashboard: FastifyPluginAsync<DashboardOptions> = async (
  app,
  { config, services, present, surface, documentRoutes = false, webRoot },
) => {
  await app.register(cookie);
  const { csrf, guard } = surface;
  const throttle = new SignInThrottle(services.platform.limits, services.platform.clock);

  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(config.homepageUrl ?? '/app/', 302));

  await app.register(
    async (api) => {
      api.decorateRequest('principal', null);
      api.decorateRequest('rate', null);
      api.addHook('onRoute', (route) => documentForDashboard(route, documentRoutes));
      // Every state change on the session surface carries the CSRF token, signed in or not.
      api.addHook('onRequest', csrf.check);
      await api.register(sessionRoutes, { config, services, csrf, throttle });
      await api.register(tokensRoutes, { config, services, guard, present });
      await api.register(accountRoutes, { config, services, guard, present });
      await api.register(ownSecurityRoutes, { config, services, guard, present });
      await api.register(teamSecurityRoutes, { config, services, guard, present });
      api.setNotFoundHandler(async (request) => {
        throw new NotFound(`endpoint ${request.method} ${request.url.split('?')[0]}`);
      });
    },
    { prefix: '/app/api' },
  );

  await app.register(spaRoutes, { prefix: '/app', ...(webRoot ? { root: webRoot } : {}) });
};
