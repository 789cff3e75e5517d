import type { Static } from '@sinclair/typebox';
import { iso, isoOrNull } from '../../../../lib/clock.js';
import type { QuotaStatus, RateStatus } from '../../../../platform/index.js';
import type { Principal } from '../../../../identity/index.js';
import type { Me } from './schema.js';

export function presentMe(principal: Principal, quota: QuotaStatus, rate: RateStatus): Static<typeof Me> {
  const { account, token, user } = principal;
  return {
    account: { id: account.id, name: account.name, plan: account.plan.name },
    user: { id: user.id, role: user.role },
    token: { id: token.id, name: token.name, scopes: token.scopes, expiresAt: isoOrNull(token.expiresAt) },
    allowance: { limit: quota.limit, remaining: quota.remaining, resetsAt: iso(quota.resetsAt) },
    rateLimit: rate,
  };
}
