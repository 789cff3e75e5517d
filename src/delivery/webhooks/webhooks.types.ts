export type WebhookStatus = 'active' | 'disabled';
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface Webhook {
  id: string;
  accountId: string;
  url: string;
  /** Event types delivered; empty means every type. */
  events: string[];
  secret: string;
  status: WebhookStatus;
  disabledReason: string | null;
  failingSince: number | null;
  createdAt: number;
}

export interface WebhookDelivery {
  id: string;
  webhookId: string;
  accountId: string;
  eventId: string;
  eventType: string;
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: number;
  lastStatus: number | null;
  lastError: string | null;
  responseExcerpt: string | null;
  createdAt: number;
  completedAt: number | null;
}

/** An event to fan out: its presented form is what the subscriber receives as `data`. */
export interface OutgoingEvent {
  id: string;
  accountId: string;
  type: string;
  occurredAt: number;
  data: Record<string, unknown>;
}

/**
 * Delay before each attempt: immediately, then backing off over about three days
 * (0, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 20 h, 24 h). After the last, the delivery has failed.
 */
export const RETRY_DELAYS_MS = [
  0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000, 72_000_000, 86_400_000,
];

/** Time limit for one attempt; success is any 2xx within it. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** Characters of a response body kept for the delivery log. */
export const EXCERPT_LENGTH = 256;

/** Delivery attempts made by this process since it started (/metrics sums them over instances). */
export interface DeliveryStats {
  succeeded: number;
  failed: number;
}
