import { STORES } from '../support/stores.js';
import { describeRoles, type RoleWorld } from '../support/roles.js';

const hook = ({ h, owner }: RoleWorld) => h.services.delivery.webhooks.create(owner, { url: 'http://127.0.0.1:9/hook' });

for (const store of STORES) {
  describeRoles(
    'webhooks service',
    store,
    [
      { operation: 'list', least: 'member', run: (actor, { h }) => h.services.delivery.webhooks.list(actor) },
      {
        operation: 'create',
        least: 'member',
        run: (actor, { h }) => h.services.delivery.webhooks.create(actor, { url: 'http://127.0.0.1:9/made' }),
      },
      {
        operation: 'delete',
        least: 'member',
        run: async (actor, w) => w.h.services.delivery.webhooks.delete(actor, (await hook(w)).id),
      },
      {
        operation: 'deliveries',
        least: 'member',
        run: async (actor, w) => w.h.services.delivery.webhooks.deliveries(actor, (await hook(w)).id, 10),
      },
      {
        // Reaching the delivery lookup (404 for an unknown delivery) means the role was allowed.
        operation: 'retry',
        least: 'member',
        run: async (actor, w) =>
          w.h.services.delivery.webhooks.retry(actor, (await hook(w)).id, 'no-such-delivery').catch((error: unknown) => {
            if ((error as { code?: string }).code !== 'not_found') throw error;
          }),
      },
    ],
    { env: { WEBHOOK_ALLOW_PRIVATE: '1' } },
  );
}
