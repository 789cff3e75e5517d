import { Type } from '@sinclair/typebox';
import { BLOCKS_MAX, DAYS, LABEL_MAX, LINKS_MAX, TEXT_MAX, TIME_PATTERN } from '../../../../content/index.js';
import { Nullable, StringEnum, TaggedUnion } from '../../../schemas.js';
import { Colour, HttpUrl, SocialLinks, optional } from '../content/schema.js';

const Label = Type.String({ minLength: 1, maxLength: LABEL_MAX });
const Link = Type.Object({ label: Label, url: HttpUrl }, { additionalProperties: false });
const Time = Type.String({ pattern: TIME_PATTERN, maxLength: 5, description: 'HH:MM, 24-hour.' });
/** One type of block, named (`PageButtonBlock`) so the OpenAPI discriminator can map its `type` to it. */
const block = <T extends string, P extends Parameters<typeof Type.Object>[0]>(type: T, properties: P, description: string) =>
  Type.Object(
    { type: Type.Literal(type), ...properties },
    { additionalProperties: false, title: `Page${type.charAt(0).toUpperCase()}${type.slice(1)}Block`, description },
  );

export const Block = TaggedUnion(
  'type',
  [
    block(
      'heading',
      { text: Label, level: Type.Optional(Type.Unsafe<1 | 2 | 3>({ type: 'integer', enum: [1, 2, 3] })) },
      'A heading.',
    ),
    block('text', { text: Type.String({ minLength: 1, maxLength: TEXT_MAX }) }, 'Plain text; a blank line starts a paragraph.'),
    block(
      'image',
      { mediaId: Type.String({ minLength: 1, maxLength: 64 }), alt: Type.String({ maxLength: LABEL_MAX }) },
      "An image of the account's media library; `alt` describes it (empty for decoration).",
    ),
    block('button', { label: Label, url: HttpUrl }, 'A button leading to an address.'),
    block('links', { links: Type.Array(Link, { minItems: 1, maxItems: LINKS_MAX }) }, 'A list of links.'),
    block(
      'video',
      { url: HttpUrl, title: Type.Optional(Label) },
      'A video by its address: YouTube (without cookies) and Vimeo are embedded, any other address is a link.',
    ),
    block(
      'hours',
      {
        title: Type.Optional(Label),
        slots: Type.Array(Type.Object({ day: StringEnum(DAYS), opens: Time, closes: Time }, { additionalProperties: false }), {
          maxItems: 21,
        }),
      },
      'Opening hours; a day without a slot is shown closed.',
    ),
    block('social', { links: SocialLinks }, 'Links to social networks.'),
  ],
  { title: 'PageBlock' },
);

export const pageProperties = {
  title: Nullable(
    Type.String({ minLength: 1, maxLength: TEXT_MAX, description: "The browser title; the page's name when null." }),
  ),
  blocks: Type.Array(Block, { maxItems: BLOCKS_MAX, description: 'In the order they are shown.' }),
  colour: Colour,
};

export const pageCreateProperties = optional(pageProperties);
