import { STORES } from '../support/stores.js';
import { describeRoles } from '../support/roles.js';

for (const store of STORES) {
  describeRoles('links service', store, [
    { operation: 'list', least: 'member', run: (actor, { h }) => h.services.catalog.links.list(actor, 10, 0) },
    {
      operation: 'get',
      least: 'member',
      run: async (actor, { h, tenant }) => h.services.catalog.links.get(actor, (await h.factory.link(tenant.account.id)).id),
    },
    {
      operation: 'create',
      least: 'editor',
      run: (actor, { h }) => h.services.catalog.links.create(actor, { url: 'https://example.com/l' }),
    },
    {
      operation: 'update',
      least: 'editor',
      run: async (actor, { h, tenant }) =>
        h.services.catalog.links.update(actor, (await h.factory.link(tenant.account.id)).id, {
          url: 'https://example.com/moved',
        }),
    },
  ]);
}
