import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Forbidden } from '../../src/lib/errors.js';
import { person, type Person } from '../../src/platform/authz/roles.policy.js';
import type { Role } from '../../src/identity/users.types.js';
import type { Tenant } from './factory.js';
import { createHarness, type Harness, type HarnessOptions } from './harness.js';
import type { StoreTarget } from './stores.js';

/** Roles from least to most: each may do what the ones before it may (docs/roles.md). */
const ROLES: readonly Role[] = ['member', 'editor', 'admin', 'owner'];

/** One operation of a service: the least role that may do it, and how to do it as `actor`. */
export interface RoleCase {
  operation: string;
  least: Role;
  run(actor: Person, world: RoleWorld): Promise<unknown>;
}

export interface RoleWorld {
  h: Harness;
  tenant: Tenant;
  /** The tenant's owner, to build what an operation works on. */
  owner: Person;
}

/**
 * The roles × operations table of one service, on one store: a real person of every role acts; a role
 * below the operation's least role is refused with forbidden, every other one gets the operation done.
 */
export function describeRoles(
  service: string,
  store: StoreTarget,
  cases: readonly RoleCase[],
  options: HarnessOptions = {},
): void {
  // A store this run cannot reach is declared skipped, as describeEach does, so the summary counts it.
  (store.missing ? describe.skip : describe)(`${service}: roles × operations (${store.name})`, () => {
    const world = {} as RoleWorld;
    const actors = {} as Record<Role, Person>;
    beforeAll(async () => {
      world.h = await createHarness(store, options);
      world.tenant = await world.h.factory.tenant();
      const accountId = world.tenant.account.id;
      world.owner = person(accountId, world.tenant.owner.id, 'owner');
      actors.owner = world.owner;
      for (const role of ['member', 'editor', 'admin'] as const) {
        const user = await world.h.factory.user(accountId, role);
        actors[role] = person(accountId, user.id, user.role);
      }
    });
    afterAll(() => world.h.close());

    const rows = cases.flatMap((c) =>
      ROLES.map((role) => ({ ...c, role, allowed: ROLES.indexOf(role) >= ROLES.indexOf(c.least) })),
    );
    it.each(rows)('$operation as $role: allowed $allowed', async ({ run, role, allowed }) => {
      const attempt = run(actors[role], world);
      if (allowed) await attempt;
      else {
        await expect(attempt).rejects.toBeInstanceOf(Forbidden);
        await expect(attempt).rejects.toMatchObject({ code: 'forbidden' });
      }
    });
  });
}
