import type { FastifyReply, FastifyRequest } from 'fastify';
import { Forbidden, PlanRequired, QuotaExceeded, RateLimited, Unauthorized } from '../lib/errors.js';
import type { AnonymousLimiter } from '../modules/limits/anonymous-limiter.js';
import type { RateStatus } from '../modules/limits/limits.service.js';
import type { Scope } from '../modules/tokens/scopes.js';
import type { Principal } from '../modules/tokens/tokens.types.js';
import type { Services } from '../services.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** The rate-limit window as the guard left it. */
    rate: RateStatus | null;
  }
}

/**
 * What a route requires. `scope: null` means any valid token (only /me and unknown paths);
 * `metered: false` means the call neither needs API access in the plan nor spends allowance.
 */
export interface Policy {
  scope: Scope | null;
  metered: boolean;
}

export type GuardHook = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & { policy: Policy };
export type Guard = (policy: Policy) => GuardHook;

const BEARER = /^Bearer +(\S+) *$/i;

function setRateHeaders(reply: FastifyReply, rate: RateStatus): void {
  reply.header('RateLimit-Limit', String(rate.limit));
  reply.header('RateLimit-Remaining', String(rate.remaining));
  reply.header('RateLimit-Reset', String(rate.resetSeconds));
}

/**
 * The chain every API route runs before validation: authenticate → rate limit → scope →
 * plan → allowance. Every outcome, refusals included, carries the RateLimit headers.
 */
export function createGuard(services: Services, anonymous: AnonymousLimiter): Guard {
  return (policy) => Object.assign(guardHook(services, anonymous, policy), { policy });
}

function guardHook(services: Services, anonymous: AnonymousLimiter, policy: Policy) {
  return async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const principal = match?.[1] ? await services.tokens.authenticate(match[1]) : null;
    if (!principal) {
      const rate = anonymous.hit(request.ip);
      setRateHeaders(reply, rate);
      if (!rate.allowed) throw new RateLimited(rate.resetSeconds);
      throw new Unauthorized();
    }
    const plan = principal.account.plan;
    const rate = await services.limits.takeRate(principal.token.id, plan.ratePerMinute);
    setRateHeaders(reply, rate);
    if (!rate.allowed) throw new RateLimited(rate.resetSeconds);
    if (policy.scope && !principal.token.scopes.includes(policy.scope)) {
      throw new Forbidden(`This token lacks the ${policy.scope} scope.`);
    }
    if (policy.metered && !plan.apiAccess) throw new PlanRequired();
    if (plan.metered) {
      const quota = policy.metered
        ? await services.limits.takeQuota(principal.account.id, plan.monthlyAllowance)
        : await services.limits.quota(principal.account.id, plan.monthlyAllowance);
      reply.header('Quota-Limit', String(quota.limit));
      reply.header('Quota-Remaining', String(quota.remaining));
      if (policy.metered && !quota.allowed) {
        throw new QuotaExceeded(
          `The monthly allowance of ${quota.limit} requests is spent; it resets at ${new Date(quota.resetsAt).toISOString()}.`,
        );
      }
    }
    request.principal = principal;
    request.rate = rate;
  };
}

/** The policy a route's onRequest hooks carry, if it is guarded. */
export function policyOf(onRequest: unknown): Policy | null {
  const hooks = Array.isArray(onRequest) ? onRequest : [onRequest];
  const guarded = hooks.find((h): h is GuardHook => typeof h === 'function' && 'policy' in h);
  return guarded?.policy ?? null;
}

/** The principal of a guarded request (routes run only after the guard admitted it). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Unauthorized();
  return request.principal;
}
