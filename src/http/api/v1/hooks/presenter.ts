import type { Static } from '@sinclair/typebox';
import { iso, isoOrNull } from '../../../../lib/clock.js';
import type { Webhook, WebhookDelivery as DeliveryRecord } from '../../../../delivery/index.js';
import type { CreatedHook, Delivery, Hook } from './schema.js';

export function presentHook(hook: Webhook): Static<typeof Hook> {
  return {
    id: hook.id,
    url: hook.url,
    events: hook.events as Static<typeof Hook>['events'],
    status: hook.status,
    disabledReason: hook.disabledReason,
    failingSince: isoOrNull(hook.failingSince),
    createdAt: iso(hook.createdAt),
  };
}

export const presentCreatedHook = (hook: Webhook): Static<typeof CreatedHook> => ({ ...presentHook(hook), secret: hook.secret });

export function presentDelivery(d: DeliveryRecord): Static<typeof Delivery> {
  const { id, eventId, status, attempts, lastStatus, lastError, responseExcerpt } = d;
  const eventType = d.eventType as Static<typeof Delivery>['eventType'];
  const nextAttemptAt = status === 'pending' ? iso(d.nextAttemptAt) : null;
  const [createdAt, completedAt] = [iso(d.createdAt), isoOrNull(d.completedAt)];
  return {
    id,
    eventId,
    eventType,
    status,
    attempts,
    nextAttemptAt,
    lastStatus,
    lastError,
    responseExcerpt,
    createdAt,
    completedAt,
  };
}
