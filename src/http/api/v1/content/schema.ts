import { Type, type TObject, type TProperties } from '@sinclair/typebox';
import { ENDING_MAX, ENDING_MIN } from '../../../../catalog/index.js';
import {
  COLOUR_PATTERN,
  CONTENT_NAME_MAX,
  RETENTION_MAX_DAYS,
  SOCIAL_MAX,
  SOCIAL_NETWORKS,
  URL_MAX,
} from '../../../../content/index.js';
import { DataEnvelope, DateTime, DeletedEnvelope, Nullable, PageQuery, StringEnum } from '../../../schemas.js';

const Name = Type.String({ minLength: 1, maxLength: CONTENT_NAME_MAX });
const RetentionDays = Nullable(
  Type.Integer({
    minimum: 1,
    maximum: RETENTION_MAX_DAYS,
    description: 'Replies older than this many days are deleted (checked hourly); null keeps them.',
  }),
);
export const Colour = Nullable(
  Type.String({ pattern: COLOUR_PATTERN, maxLength: 7, description: 'Main colour as #rrggbb; null for the default.' }),
);
export const HttpUrl = Type.String({
  minLength: 1,
  maxLength: URL_MAX,
  format: 'uri',
  // The scheme is checked here too, so a javascript: address is refused naming its own field.
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
  description: 'An http or https address.',
});

export const SocialLinks = Type.Array(
  Type.Object({ network: StringEnum(SOCIAL_NETWORKS), url: HttpUrl }, { additionalProperties: false }),
  { maxItems: SOCIAL_MAX },
);

/** Every field of `properties`, optional (a create body where everything but `name` may be left out). */
export const optional = (properties: TProperties): TProperties =>
  Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, Type.Optional(v)]));

/** Checked by the service, which names the rule broken: length, characters, a reserved word, taken. */
const Slug = Nullable(
  Type.String({
    maxLength: ENDING_MAX,
    description: `A readable public address (\`/f/<slug>\`): ${ENDING_MIN} to ${ENDING_MAX} letters, digits, \`-\` or \`_\`, not a reserved word, unique on the domain, like a code's ending. Null or empty: the id only. The id's address keeps working either way.`,
  }),
);

const Status = StringEnum(['draft', 'published', 'unpublished'], {
  description: 'Only published content is served at `url`.',
});

/** A content resource's public shape: the shared fields around the kind's own `properties`. */
export const contentSchema = (title: string, properties: TProperties): TObject =>
  Type.Object(
    {
      id: Type.String(),
      name: Type.String(),
      url: Type.String({ description: 'The public address: ending in the slug when there is one, else the id.' }),
      slug: Slug,
      status: Status,
      ...properties,
      retentionDays: RetentionDays,
      createdAt: DateTime,
      updatedAt: DateTime,
    },
    { title },
  );

/** A create body: `name`, an optional draft status and retention, and the kind's own fields. */
export const createBody = (properties: TProperties): TObject =>
  Type.Object(
    {
      name: Name,
      status: Type.Optional(StringEnum(['draft', 'published'], { description: 'Default `published`.' })),
      retentionDays: Type.Optional(RetentionDays),
      slug: Type.Optional(Slug),
      ...properties,
    },
    { additionalProperties: false },
  );

/** A change body: every field optional; the ones left out keep their values. */
export const updateBody = (properties: TProperties): TObject =>
  Type.Object(
    {
      name: Type.Optional(Name),
      retentionDays: Type.Optional(RetentionDays),
      slug: Type.Optional(Slug),
      ...optional(properties),
    },
    { additionalProperties: false },
  );

/** Every schema of one kind of content: its record, the envelopes, and the create and change bodies. */
export function contentSchemas(noun: string, properties: TProperties, createProperties: TProperties) {
  const schema = contentSchema(noun, properties);
  return {
    one: DataEnvelope(schema),
    list: DataEnvelope(Type.Array(schema)),
    create: createBody(createProperties),
    update: updateBody(properties),
  };
}
export type ContentSchemas = ReturnType<typeof contentSchemas>;

export const ContentListQuery = PageQuery();

export const ContentAnalyticsQuery = Type.Object(
  { days: Type.Integer({ minimum: 1, maximum: 3650, default: 30, description: 'UTC days up to today.' }) },
  { additionalProperties: false },
);

export const ContentAnalyticsResponse = DataEnvelope(
  Type.Object(
    {
      days: Type.Integer(),
      from: Type.String({ format: 'date' }),
      to: Type.String({ format: 'date' }),
      views: Type.Integer({ description: 'Human views; automated traffic and HEAD requests excluded.' }),
      uniqueVisitors: Type.Integer({ description: 'The sum of daily unique visitors.' }),
      submissions: Nullable(Type.Integer({ description: 'Forms only: accepted submissions.' })),
      conversionRate: Nullable(Type.Number({ minimum: 0, maximum: 1, description: 'Forms only: submissions per view.' })),
    },
    { title: 'ContentAnalytics' },
  ),
);

export const DeletedResponse = DeletedEnvelope();
