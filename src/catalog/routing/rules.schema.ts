import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../../lib/schema-types.js';
import { DESTINATION_MAX } from '../endings/destination.js';

/**
 * Routing rules of a dynamic code: an ordered list, first match wins, otherwise the code's own
 * destination. Inside one rule every condition given must hold; inside one condition any listed
 * value matches. A rule sends to one destination or splits traffic by weight (A/B).
 */
export const MAX_RULES = 20;
export const MAX_VARIANTS = 10;

export const DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export const OSES = ['ios', 'android', 'windows', 'macos', 'linux', 'other'] as const;
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

const Url = Type.String({ minLength: 1, maxLength: DESTINATION_MAX });
const list = <T extends readonly string[]>(values: T) =>
  Type.Array(StringEnum(values), { minItems: 1, maxItems: values.length, uniqueItems: true });
const Clock = Type.String({ maxLength: 5, pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:MM, 24-hour.' });

export const Conditions = Type.Object(
  {
    device: Type.Optional(list(DEVICES)),
    os: Type.Optional(list(OSES)),
    country: Type.Optional(
      Type.Array(Type.String({ maxLength: 2, pattern: '^[A-Z]{2}$' }), { minItems: 1, maxItems: 250, uniqueItems: true }),
    ),
    language: Type.Optional(
      Type.Array(Type.String({ maxLength: 12, pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$' }), {
        minItems: 1,
        maxItems: 50,
        uniqueItems: true,
        description: 'Primary tags (en) or full tags (en-GB).',
      }),
    ),
    time: Type.Optional(
      Type.Object(
        {
          timeZone: Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone, e.g. Europe/Paris.' }),
          from: Type.Optional(Clock),
          to: Type.Optional(Clock),
          days: Type.Optional(list(WEEKDAYS)),
        },
        { additionalProperties: false, description: 'Local time window [from, to) (may wrap midnight) and days of the week.' },
      ),
    ),
  },
  { additionalProperties: false, title: 'RuleConditions' },
);

export const Variant = Type.Object(
  { destination: Url, weight: Type.Integer({ minimum: 1, maximum: 1000 }) },
  { additionalProperties: false, title: 'RuleVariant' },
);

export const Rule = Type.Object(
  {
    when: Type.Optional(Conditions),
    destination: Type.Optional(Url),
    split: Type.Optional(Type.Array(Variant, { minItems: 2, maxItems: MAX_VARIANTS })),
  },
  { additionalProperties: false, title: 'Rule', description: 'Exactly one of destination or split.' },
);

export const Rules = Type.Array(Rule, { maxItems: MAX_RULES });
export type Rule = Static<typeof Rule>;
export type Conditions = Static<typeof Conditions>;
