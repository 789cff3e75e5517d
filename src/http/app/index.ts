import cookie from '@fastify/cookie';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config/config.js';
import { NotFound } from '../../lib/errors.js';
import type { Services } from '../../services.js';
import type { Presenters } from '../presenters.js';
import { RESOURCES } from '../api/v1/index.js';
import { policyOf } from '../guard.js';
import { accountRoutes } from './account.routes.js';
import { Csrf } from './csrf.js';
import { mediaWriteRoutes } from './media.routes.js';
import { previewRoutes } from './preview.routes.js';
import { createSessionGuard } from './session.guard.js';
import { sessionRoutes } from './session.routes.js';
import { SignInThrottle } from './sign-in.throttle.js';
import { spaRoutes } from './spa.js';
import { tokensRoutes } from './tokens.routes.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route under /app/api/v1 that only the dashboard has (not a mirror of /api/v1): documented with the dashboard's own. */
    dashboardOnly?: boolean;
    /** A route a plain HTML form posts to, whose CSRF token comes in the query (the live preview). */
    csrfInQuery?: boolean;
  }
}

export interface DashboardOptions {
  config: Config;
  services: Services;
  /** The presenters every surface shares. */
  present: Presenters;
  /**
   * Whether the dashboard's own routes (session, set-up, tokens, account) appear in the OpenAPI document: only
   * when the dashboard's client types are generated, never in the public /api/v1/openapi.json.
   */
  documentRoutes?: boolean;
  /** The built single-page app (default web/dist). */
  webRoot?: string;
}

/**
 * The web dashboard (ADR 0080, 0081): the single-page app under /app, and its session surface under
 * /app/api: sign-in and the other session routes, the person's tokens, and the same v1 resource
 * plugins as /api/v1 mounted under /app/api/v1 behind the session guard. /api/v1 itself is untouched
 * and keeps accepting only Bearer tokens.
 */
export const dashboard: FastifyPluginAsync<DashboardOptions> = async (
  app,
  { config, services, present, documentRoutes = false, webRoot },
) => {
  await app.register(cookie);
  const csrf = new Csrf(config);
  const guard = createSessionGuard(services);
  const throttle = new SignInThrottle(services.platform.limits, services.platform.clock);

  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(config.homepageUrl ?? '/app/', 302));

  await app.register(
    async (api) => {
      api.decorateRequest('principal', null);
      api.decorateRequest('rate', null);
      api.addHook('onRoute', (route) => {
        const mirrored = route.url.startsWith('/app/api/v1') && route.config?.dashboardOnly !== true;
        if (!documentRoutes || mirrored) {
          route.schema = Object.assign(route.schema ?? {}, { hide: true });
          return;
        }
        // Documented: behind the session guard it needs the session cookie; the others need nothing.
        if (route.schema) route.schema.security = policyOf(route.onRequest) ? [{ sessionCookie: [] }] : [];
      });
      // Every state change on the session surface carries the CSRF token, signed in or not.
      api.addHook('onRequest', csrf.check);
      await api.register(sessionRoutes, { config, services, csrf, throttle });
      await api.register(tokensRoutes, { config, services, guard, present });
      await api.register(accountRoutes, { config, services, guard, present });
      await api.register(
        async (v1) => {
          for (const resource of RESOURCES) await v1.register(resource, { config, services, guard, present });
          await v1.register(mediaWriteRoutes, { config, services, guard, present });
          await v1.register(previewRoutes, { config, services, guard, present });
        },
        { prefix: '/v1' },
      );
      api.setNotFoundHandler(async (request) => {
        throw new NotFound(`endpoint ${request.method} ${request.url.split('?')[0]}`);
      });
    },
    { prefix: '/app/api' },
  );

  await app.register(spaRoutes, { prefix: '/app', ...(webRoot ? { root: webRoot } : {}) });
};
