import type { FastifyReply, FastifyRequest } from 'fastify';
import { Forbidden, PlanRequired, QuotaExceeded, RateLimited, Unauthorized } from '../lib/errors.js';
import type { AnonymousLimiter, QuotaStatus, RateStatus, Scope } from '../platform/index.js';
import type { Principal } from '../identity/index.js';
import type { Services } from '../services.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** The rate-limit window as the guard left it. */
    rate: RateStatus | null;
  }
}

/**
 * What a route requires. `scope: null` means any valid token (/me, unknown paths, and /mcp, whose
 * tools check their own scope); `metered: false` means the call neither needs API access in the
 * plan nor spends allowance.
 */
export interface Policy {
  scope: Scope | null;
  /** With `scope: null`, the scopes one of which the route itself requires (a job: its work's); documented as alternatives. */
  oneOf?: readonly Scope[];
  /** Scopes the route needs besides `scope` (an import makes links or codes: both). */
  also?: readonly Scope[];
  metered: boolean;
  /**
   * Whether the request itself spends one from the allowance (default: when metered). /mcp is metered
   * but does not spend: its tool calls do, one each, through `spendAllowance`.
   */
  spends?: boolean;
}

export type GuardHook = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & { policy: Policy };
export type Guard = (policy: Policy) => GuardHook;

/** Where a surface reads the token from; the REST API accepts only the bearer header (SPEC 5 rule 1). */
export type TokenReader = (request: FastifyRequest) => string | null;

const BEARER = /^Bearer +(\S+) *$/i;

export const bearerToken: TokenReader = (request) => BEARER.exec(request.headers.authorization ?? '')?.[1] ?? null;

const missingScope = (principal: Principal, scope: Scope | null): Forbidden | null =>
  scope && !principal.token.scopes.includes(scope) ? new Forbidden(`This token lacks the ${scope} scope.`) : null;

/** Refuses a principal whose token lacks `scope` with 403 forbidden. */
export function assertScope(principal: Principal, scope: Scope | null): void {
  const refusal = missingScope(principal, scope);
  if (refusal) throw refusal;
}

function setRateHeaders(reply: FastifyReply, rate: RateStatus): void {
  reply.header('RateLimit-Limit', String(rate.limit));
  reply.header('RateLimit-Remaining', String(rate.remaining));
  reply.header('RateLimit-Reset', String(rate.resetSeconds));
}

/**
 * The chain every API route runs before validation: authenticate → rate limit → scope →
 * plan → allowance. Every outcome, refusals included, carries the RateLimit headers.
 */
export function createGuard(services: Services, anonymous: AnonymousLimiter, readToken: TokenReader = bearerToken): Guard {
  return (policy) => Object.assign(guardHook(services, anonymous, readToken, policy), { policy });
}

function guardHook(services: Services, anonymous: AnonymousLimiter, readToken: TokenReader, policy: Policy) {
  return async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = readToken(request);
    const principal = token ? await services.identity.tokens.authenticate(token) : null;
    if (!principal) {
      const rate = anonymous.hit(request.ip);
      setRateHeaders(reply, rate);
      if (!rate.allowed) throw new RateLimited(rate.resetSeconds);
      throw new Unauthorized();
    }
    const plan = principal.account.plan;
    const denied =
      [policy.scope, ...(policy.also ?? [])].reduce<Forbidden | null>(
        (found, scope) => found ?? missingScope(principal, scope),
        null,
      ) ?? (policy.metered && !plan.apiAccess ? new PlanRequired() : null);
    // A refused request spends nothing but still tells the allowance left; the rate and the allowance
    // are taken together, the allowance only if the rate admits the request.
    const { rate, quota } = await services.platform.limits.admit(
      principal.token.id,
      plan.ratePerMinute,
      plan.metered
        ? {
            accountId: principal.account.id,
            limit: plan.monthlyAllowance,
            spend: denied === null && policy.metered && (policy.spends ?? true),
          }
        : null,
    );
    setRateHeaders(reply, rate);
    const refusal = rate.allowed ? denied : new RateLimited(rate.resetSeconds);
    if (quota) {
      reply.header('Quota-Limit', String(quota.limit));
      reply.header('Quota-Remaining', String(quota.remaining));
      if (refusal === null && policy.metered && !quota.allowed) throw quotaExceeded(quota);
    }
    if (refusal) throw refusal;
    request.principal = principal;
    request.rate = rate;
  };
}

function quotaExceeded(quota: QuotaStatus): QuotaExceeded {
  return new QuotaExceeded(
    `The monthly allowance of ${quota.limit} requests is spent; it resets at ${new Date(quota.resetsAt).toISOString()}.`,
  );
}

/** Spends one from the company's monthly allowance (metered plans), or throws quota_exceeded. */
export async function spendAllowance(services: Services, principal: Principal): Promise<void> {
  const plan = principal.account.plan;
  if (!plan.metered) return;
  const quota = await services.platform.limits.takeQuota(principal.account.id, plan.monthlyAllowance);
  if (!quota.allowed) throw quotaExceeded(quota);
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
