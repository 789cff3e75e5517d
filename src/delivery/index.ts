/** Delivery: webhook subscriptions, their outbox and the signing sender. Its one door: other contexts and the surfaces import only this file. */
export * from './build.js';
export * from './webhooks/target.guard.js';
export * from './webhooks/webhook.sender.js';
export * from './webhooks/webhook.signing.js';
export * from './webhooks/webhooks.service.js';
export * from './webhooks/webhooks.types.js';
/** What the delivery job works through: the outbox's due deliveries and their outcomes. */
export type { AttemptResult, DeliveryOutbox } from './webhooks/store/webhooks.outbox.js';
