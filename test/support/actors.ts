import { person, type Person } from '../../src/platform/authz/roles.policy.js';
import type { Role } from '../../src/identity/users.types.js';
import type { Tenant } from './factory.js';

/** The tenant's owner as the services see an acting person. */
export const ownerOf = (tenant: Tenant): Person => person(tenant.account.id, tenant.owner.id, 'owner');

/**
 * A person of `role` in the account. The content services check the role and the account only, so a
 * suite that has just an account id (events written straight into the store) acts through this.
 */
export const actorIn = (accountId: string, role: Role = 'owner', userId = `user-of-${accountId}`): Person =>
  person(accountId, userId, role);
