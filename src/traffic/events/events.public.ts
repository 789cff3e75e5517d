import { iso } from '../../lib/clock.js';
import type { StoredEvent } from './events.types.js';

/** An Event as integrations see it (SPEC section 2), on every surface: API, webhooks, MCP. */
export interface PublicEvent {
  id: string;
  occurredAt: string;
  type: StoredEvent['type'];
  codeId: string | null;
  placement: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  os: string | null;
  device: StoredEvent['device'];
  browser: string | null;
}

/** The account, target and link ids stay inside; the visitor hash never leaves the writer. */
export function publicEvent(event: StoredEvent): PublicEvent {
  return {
    id: event.id,
    occurredAt: iso(event.occurredAt),
    type: event.type,
    codeId: event.codeId,
    placement: event.placement,
    country: event.country,
    region: event.region,
    city: event.city,
    os: event.os,
    device: event.device,
    browser: event.browser,
  };
}
