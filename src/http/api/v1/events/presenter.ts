import type { Static } from '@sinclair/typebox';
import { iso } from '../../../../lib/clock.js';
import type { StoredEvent } from '../../../../modules/events/events.types.js';
import type { Event } from './schema.js';

/** The only way from a stored event to JSON: the account, target and link ids stay inside. */
export function presentEvent(event: StoredEvent): Static<typeof Event> {
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
