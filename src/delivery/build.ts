import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import type { AccountLookup } from '../identity/index.js';
import type { Clock } from '../lib/clock.js';
import { WebhookSender } from './webhooks/webhook.sender.js';
import type { DeliveryOutbox } from './webhooks/store/webhooks.outbox.js';
import { WebhooksRepository } from './webhooks/store/webhooks.repository.js';
import { WebhooksService } from './webhooks/webhooks.service.js';
import type { DeliveryStats } from './webhooks/webhooks.types.js';

/** Webhook subscriptions, and what the delivery job works with: the outbox and the signing sender. */
export interface Delivery {
  webhooks: WebhooksService;
  webhookDelivery: { outbox: DeliveryOutbox; sender: WebhookSender; stats: DeliveryStats };
}

/** Webhooks on the store, for the accounts `accounts` finds. */
export function buildDelivery(parts: {
  database: Database;
  accounts: AccountLookup;
  config: Pick<Config, 'webhookAllowPrivate'>;
  clock: Clock;
}): Delivery {
  const { database, accounts, config, clock } = parts;
  const outbox = new WebhooksRepository(database);
  return {
    webhooks: new WebhooksService(outbox, accounts, clock, config.webhookAllowPrivate),
    webhookDelivery: {
      outbox,
      sender: new WebhookSender(config.webhookAllowPrivate),
      stats: { succeeded: 0, failed: 0 },
    },
  };
}
