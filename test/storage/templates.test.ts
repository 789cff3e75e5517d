import { STORES } from '../support/stores.js';
import { describeRoles, type RoleWorld } from '../support/roles.js';

let sequence = 0;
const template = ({ h, owner }: RoleWorld) =>
  h.services.catalog.templates.create(owner, { name: `Template ${(sequence += 1)}`, design: {} });

for (const store of STORES) {
  describeRoles('templates service', store, [
    { operation: 'list', least: 'member', run: (actor, { h }) => h.services.catalog.templates.list(actor) },
    {
      operation: 'get',
      least: 'member',
      run: async (actor, w) => w.h.services.catalog.templates.get(actor, (await template(w)).id),
    },
    {
      operation: 'create',
      least: 'editor',
      run: (actor, { h }) => h.services.catalog.templates.create(actor, { name: `Saved ${(sequence += 1)}`, design: {} }),
    },
    {
      operation: 'update',
      least: 'editor',
      run: async (actor, w) =>
        w.h.services.catalog.templates.update(actor, (await template(w)).id, { name: `Renamed ${(sequence += 1)}` }),
    },
    {
      operation: 'delete',
      least: 'editor',
      run: async (actor, w) => w.h.services.catalog.templates.delete(actor, (await template(w)).id),
    },
  ]);
}
