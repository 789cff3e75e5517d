import type { Static } from '@sinclair/typebox';
import { publicEvent, type StoredEvent } from '../../../../traffic/index.js';
import type { Event } from './schema.js';

/** The only way from a stored event to JSON (the same shape webhooks deliver). */
export const presentEvent = (event: StoredEvent): Static<typeof Event> => publicEvent(event);
