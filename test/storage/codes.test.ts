import { STORES } from '../support/stores.js';
import { describeRoles } from '../support/roles.js';

for (const store of STORES) {
  describeRoles('codes service', store, [
    { operation: 'list', least: 'member', run: (actor, { h }) => h.services.catalog.codes.list(actor, { limit: 10, offset: 0 }) },
    {
      operation: 'get',
      least: 'member',
      run: async (actor, { h, tenant }) => h.services.catalog.codes.get(actor, (await h.factory.code(tenant.account.id)).id),
    },
    {
      operation: 'create',
      least: 'editor',
      run: (actor, { h }) => h.services.catalog.codes.create(actor, { name: 'Made', url: 'https://example.com/made' }),
    },
    {
      operation: 'update',
      least: 'editor',
      run: async (actor, { h, tenant }) =>
        h.services.catalog.codes.update(actor, (await h.factory.code(tenant.account.id)).id, { name: 'Renamed' }),
    },
    {
      operation: 'clone',
      least: 'editor',
      run: async (actor, { h, tenant }) => h.services.catalog.codes.clone(actor, (await h.factory.code(tenant.account.id)).id),
    },
    {
      operation: 'archive',
      least: 'editor',
      run: async (actor, { h, tenant }) => h.services.catalog.codes.archive(actor, (await h.factory.code(tenant.account.id)).id),
    },
  ]);
}
