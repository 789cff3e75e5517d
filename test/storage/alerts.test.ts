import { STORES } from '../support/stores.js';
import { describeRoles, type RoleWorld } from '../support/roles.js';

const rule = async ({ h, tenant, owner }: RoleWorld) =>
  h.services.traffic.alerts.createRule(owner, { codeId: (await h.factory.code(tenant.account.id)).id, kind: 'first_scan' });

for (const store of STORES) {
  describeRoles('alerts service', store, [
    { operation: 'list', least: 'member', run: (actor, { h }) => h.services.traffic.alerts.list(actor, { limit: 10 }) },
    { operation: 'rules', least: 'member', run: (actor, { h }) => h.services.traffic.alerts.rules(actor) },
    {
      operation: 'createRule',
      least: 'editor',
      run: async (actor, { h, tenant }) =>
        h.services.traffic.alerts.createRule(actor, { codeId: (await h.factory.code(tenant.account.id)).id, kind: 'first_scan' }),
    },
    {
      operation: 'deleteRule',
      least: 'editor',
      run: async (actor, w) => w.h.services.traffic.alerts.deleteRule(actor, (await rule(w)).id),
    },
  ]);
}
