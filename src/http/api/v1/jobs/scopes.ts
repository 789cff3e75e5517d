import type { Principal } from '../../../../identity/index.js';
import type { Job, JobKind, Scope } from '../../../../platform/index.js';
import { Forbidden } from '../../../../lib/errors.js';
import { assertScope } from '../../../guard.js';

/** A job is read, cancelled and downloaded with the scope of the work that made it. */
export const JOB_SCOPES: Record<JobKind, Scope> = { bulk: 'codes:write', export: 'codes:read', import: 'codes:write' };

/** Refuses (403) a token that holds none of the scopes of any job's work, before any job is looked up. */
export function assertSomeJobScope(principal: Principal): void {
  if (!Object.values(JOB_SCOPES).some((scope) => principal.token.scopes.includes(scope)))
    throw new Forbidden(`This token lacks the ${[...new Set(Object.values(JOB_SCOPES))].join(' or ')} scope.`);
}

/** The job, when the token may see its kind (403 otherwise; another account's is already a 404). */
export function visibleJob(principal: Principal, job: Job): Job {
  assertScope(principal, JOB_SCOPES[job.kind]);
  return job;
}
