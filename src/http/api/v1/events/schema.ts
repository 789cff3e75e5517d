import { Type } from '@sinclair/typebox';
import { DEVICES, EVENT_TYPES } from '../../../../traffic/index.js';
import { DateTime, Nullable, StringEnum } from '../../../schemas.js';

const nullableText = (description: string) => ({ ...Nullable(Type.String()), description });

/** One scan, click or view (SPEC section 2, Event). */
export const Event = Type.Object(
  {
    id: Type.String({ description: 'Stable and time-ordered (UUIDv7): deduplicate on it.' }),
    occurredAt: DateTime,
    type: StringEnum(EVENT_TYPES),
    codeId: nullableText('Code concerned.'),
    placement: nullableText('The `p` query parameter of the scanned address.'),
    country: nullableText('Two letters (ISO 3166-1), taken from the network.'),
    region: nullableText('Region, taken from the network.'),
    city: nullableText('City, taken from the network.'),
    os: nullableText('Operating system.'),
    device: Nullable(StringEnum(DEVICES)),
    browser: nullableText('Browser.'),
  },
  { title: 'Event' },
);

export const ListEventsQuery = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'Events per page.' }),
    codeId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Only events of this code.' })),
    type: Type.Optional(StringEnum(EVENT_TYPES)),
    cursor: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'The `nextCursor` of the previous page, for older events.' }),
    ),
  },
  { additionalProperties: false },
);

export const EventPage = Type.Object({
  data: Type.Array(Event),
  nextCursor: Nullable(Type.String({ description: 'Pass as `cursor` for the next (older) page; null on the last.' })),
});
