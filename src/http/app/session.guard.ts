import type { FastifyRequest } from 'fastify';
import { Forbidden, RateLimited, Unauthorized } from '../../lib/errors.js';
import type { Principal, SessionPrincipal } from '../../identity/index.js';
import { sessionScopesForRole } from '../../platform/index.js';
import type { Services } from '../../services.js';
import { assertScope, type Guard } from '../guard.js';
import { SESSION_COOKIE } from './cookies.js';

/** Dashboard requests a session may make per minute: a brake on runaway pages, not a plan limit. */
export const DASHBOARD_RATE_PER_MINUTE = 600;

/**
 * The principal a session acts as: the same shape the bearer guard yields, holding every scope the
 * person's role covers at this request (docs/roles.md, team:write for admins too), so a service cannot
 * tell the surfaces apart.
 */
export function principalOfSession({ session, user, account }: SessionPrincipal): Principal {
  return {
    token: {
      id: `session:${session.id}`,
      accountId: account.id,
      userId: user.id,
      name: 'dashboard session',
      scopes: sessionScopesForRole(user.role),
      createdAt: session.createdAt,
      expiresAt: session.expiresAt,
      revokedAt: null,
      lastUsedAt: null,
    },
    user: { id: user.id, role: user.role },
    account,
  };
}

/** The session behind the request's cookie, re-validated against the store on every call. */
export async function sessionOf(services: Services, request: FastifyRequest): Promise<SessionPrincipal | null> {
  const secret = request.cookies[SESSION_COOKIE];
  return secret ? services.identity.sessions.authenticate(secret) : null;
}

/**
 * The dashboard's guard for the v1 routes mounted under /app/api/v1: session cookie →
 * rate brake per session → scope. It neither needs API access in the plan nor spends the monthly
 * allowance: the allowance meters the API, and the dashboard is the product itself. CSRF is checked
 * for the whole /app/api scope before any guard runs.
 */
export function createSessionGuard(services: Services): Guard {
  return (policy) =>
    Object.assign(
      async function sessionGuard(request: FastifyRequest): Promise<void> {
        const found = await sessionOf(services, request);
        if (!found) throw new Unauthorized('Sign in to continue.');
        // Where the account requires two factors, a person without one may only set theirs up.
        if (found.account.requireTwoFactor && !found.twoFactor && request.routeOptions.config?.beforeTwoFactor !== true)
          throw new Forbidden('Your account requires two-factor sign-in: set it up under Your account first.');
        const rate = await services.platform.limits.takeRate(`session:${found.session.id}`, DASHBOARD_RATE_PER_MINUTE);
        if (!rate.allowed) throw new RateLimited(rate.resetSeconds);
        const principal = principalOfSession(found);
        assertScope(principal, policy.scope);
        request.principal = principal;
        request.rate = rate;
      },
      { policy },
    );
}
