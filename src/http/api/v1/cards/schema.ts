import { Type } from '@sinclair/typebox';
import { CONTACTS_MAX, LABEL_MAX } from '../../../../content/index.js';
import { Nullable } from '../../../schemas.js';
import { Colour, HttpUrl, SocialLinks, optional } from '../content/schema.js';

const Text = Nullable(Type.String({ maxLength: LABEL_MAX }));
const Entry = (description: string) =>
  Type.Array(
    Type.Object(
      { label: Type.Optional(Nullable(Type.String({ maxLength: 40 }))), value: Type.String({ minLength: 1, maxLength: 254 }) },
      { additionalProperties: false },
    ),
    { maxItems: CONTACTS_MAX, description },
  );

export const cardProperties = {
  fullName: Type.String({
    minLength: 1,
    maxLength: LABEL_MAX,
    description: "The person's name; the card's name when not given.",
  }),
  title: Text,
  organisation: Text,
  photoMediaId: Nullable(Type.String({ minLength: 1, maxLength: 64, description: "A photo from the account's media library." })),
  phones: Entry('Phone numbers, each with an optional label (work, mobile...).'),
  emails: Entry('E-mail addresses, each with an optional label.'),
  website: Nullable(HttpUrl),
  address: Nullable(
    Type.Object(
      {
        street: Type.Optional(Text),
        locality: Type.Optional(Text),
        region: Type.Optional(Text),
        postalCode: Type.Optional(Text),
        country: Type.Optional(Text),
      },
      { additionalProperties: false },
    ),
  ),
  social: SocialLinks,
  note: Nullable(Type.String({ maxLength: 1000 })),
  enquiries: Type.Boolean({ description: 'Whether the card page offers an enquiry form (default true).' }),
  colour: Colour,
};

export const cardCreateProperties = optional(cardProperties);
