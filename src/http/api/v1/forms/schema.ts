import { Type } from '@sinclair/typebox';
import {
  FIELD_KEY_MAX,
  FIELD_KEY_PATTERN,
  FIELD_TYPES,
  FIELDS_MAX,
  LABEL_MAX,
  NOTIFY_MAX,
  OPTION_MAX,
  OPTIONS_MAX,
  THANK_YOU_MAX,
} from '../../../../content/index.js';
import { Nullable, StringEnum } from '../../../schemas.js';
import { Colour, HttpUrl } from '../content/schema.js';

export const FormField = Type.Object(
  {
    key: Type.String({
      pattern: FIELD_KEY_PATTERN,
      maxLength: FIELD_KEY_MAX,
      description: 'Names the answer in a submission; lowercase letters, digits and _.',
    }),
    label: Type.String({ minLength: 1, maxLength: LABEL_MAX }),
    type: StringEnum(FIELD_TYPES),
    required: Type.Optional(Type.Boolean({ default: false })),
    options: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: OPTION_MAX }), {
        minItems: 1,
        maxItems: OPTIONS_MAX,
        description: 'The choices of a `select` field (only there).',
      }),
    ),
  },
  { additionalProperties: false, title: 'FormField' },
);

const Fields = Type.Array(FormField, { maxItems: FIELDS_MAX, description: 'In the order they are shown.' });

const NotifyUserIds = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
  maxItems: NOTIFY_MAX,
  description:
    'Ids of active team members told by e-mail of each submission (a link to the inbox, never the answers). Default none.',
});

const Challenge = Type.Boolean({
  description:
    "Whether a visitor's browser must solve a proof-of-work challenge (ALTCHA, served by qrelay) before the form is sent. " +
    'A form with it on needs JavaScript. Default false.',
});

/** What a form adds to the fields every kind of content has. */
export const formProperties = {
  fields: Fields,
  thankYouMessage: Type.String({ minLength: 1, maxLength: THANK_YOU_MAX, description: 'Shown after a submission.' }),
  redirectUrl: Nullable({ ...HttpUrl, description: 'Where a visitor goes after a submission instead of the thank-you page.' }),
  colour: Colour,
  notifyUserIds: Type.Optional(NotifyUserIds),
  challenge: Type.Optional(Challenge),
};

export const formCreateProperties = {
  fields: Fields,
  thankYouMessage: Type.Optional(formProperties.thankYouMessage),
  redirectUrl: Type.Optional(formProperties.redirectUrl),
  colour: Type.Optional(Colour),
  notifyUserIds: Type.Optional(NotifyUserIds),
  challenge: Type.Optional(Challenge),
};
