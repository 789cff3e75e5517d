import { Type } from '@sinclair/typebox';
import { EVENT_TYPES } from '../../../../delivery/index.js';
import { DataEnvelope, DateTime, DeletedEnvelope, Nullable, StringEnum } from '../../../schemas.js';

const EventType = StringEnum(EVENT_TYPES);

export const CreateHookBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048, description: 'Where deliveries are POSTed (http or https).' }),
    events: Type.Optional(
      Type.Array(EventType, { maxItems: EVENT_TYPES.length, description: 'Types to deliver; all when omitted or empty.' }),
    ),
  },
  { additionalProperties: false },
);

const hookFields = {
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(EventType),
  status: StringEnum(['active', 'disabled']),
  disabledReason: Nullable(Type.String({ description: '`gone` (the target answered 410), `failing` (failing for days).' })),
  failingSince: Nullable(DateTime),
  createdAt: DateTime,
};

export const Hook = Type.Object(hookFields, { title: 'Webhook' });
export const CreatedHook = Type.Object(
  { ...hookFields, secret: Type.String({ description: 'Signing secret (Standard Webhooks), shown only here.' }) },
  { title: 'CreatedWebhook' },
);

export const Delivery = Type.Object(
  {
    id: Type.String(),
    eventId: Type.String({ description: 'Sent as webhook-id; stable across retries.' }),
    eventType: EventType,
    status: StringEnum(['pending', 'succeeded', 'failed', 'cancelled']),
    attempts: Type.Integer(),
    nextAttemptAt: Nullable(DateTime),
    lastStatus: Nullable(Type.Integer()),
    lastError: Nullable(Type.String()),
    responseExcerpt: Nullable(Type.String()),
    createdAt: DateTime,
    completedAt: Nullable(DateTime),
  },
  { title: 'WebhookDelivery' },
);

export const DeliveryParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  deliveryId: Type.String({ maxLength: 64 }),
});

export const DeliveriesQuery = Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }) });

export const CreatedHookResponse = DataEnvelope(CreatedHook);
export const HookListResponse = DataEnvelope(Type.Array(Hook));
export const DeletedHookResponse = DeletedEnvelope();
export const DeliveryListResponse = DataEnvelope(Type.Array(Delivery));
export const DeliveryResponse = DataEnvelope(Delivery);
