import { Type } from '@sinclair/typebox';
import {
  DESTINATION_MAX,
  PREVIEW_DESCRIPTION_MAX,
  PREVIEW_TITLE_MAX,
  UTM_KEYS,
  UTM_VALUE_MAX,
} from '../../../../catalog/index.js';
import { DataEnvelope, DateTime, Nullable, StringEnum } from '../../../schemas.js';

/** UTM parameters: each appended as `utm_<name>`, replacing a parameter of that name in the destination. */
export const Utm = Type.Object(
  Object.fromEntries(UTM_KEYS.map((key) => [key, Type.Optional(Type.String({ maxLength: UTM_VALUE_MAX }))])),
  {
    additionalProperties: false,
    description:
      'UTM parameters appended to every destination as utm_source, utm_medium, utm_campaign, utm_term and utm_content. A parameter of the same name already in the destination is replaced; the rest of its query and its fragment are kept.',
  },
);

export const PreviewInput = Type.Object(
  {
    title: Type.Optional(Nullable(Type.String({ maxLength: PREVIEW_TITLE_MAX }))),
    description: Type.Optional(Nullable(Type.String({ maxLength: PREVIEW_DESCRIPTION_MAX }))),
    imageId: Type.Optional(Nullable(Type.String({ maxLength: 64, description: 'An image of the media library.' }))),
  },
  {
    additionalProperties: false,
    description:
      'What link-preview robots (chat apps, social networks) are shown instead of a redirect: a page with Open Graph and Twitter card tags. Never counted.',
  },
);

export const Preview = Type.Object(
  {
    title: Nullable(Type.String()),
    description: Nullable(Type.String()),
    imageId: Nullable(Type.String()),
    imageUrl: Nullable(Type.String()),
  },
  { description: 'What link-preview robots are shown instead of a redirect.' },
);

const ExpiresAt = Nullable(
  Type.String({
    maxLength: 64,
    description: 'When it stops forwarding (a date-time; one already past is accepted: it is born expired); null for never.',
  }),
);
const ExpiredUrl = Nullable(
  Type.String({ maxLength: DESTINATION_MAX, description: 'Where it redirects once expired; null for the "expired" page.' }),
);
/** The limit of counted visits (`maxScans` of a code, `maxClicks` of a link). */
export const MaxVisits = (what: 'scans' | 'clicks') =>
  Nullable(
    Type.Integer({
      minimum: 1,
      maximum: 2_147_483_647,
      description: `Counted ${what} it forwards; the next one finds it expired. Null for no limit.`,
    }),
  );

/** The lifecycle fields a create or change body takes, but the limit (named per kind). */
export const lifecycleInput = {
  expiresAt: Type.Optional(ExpiresAt),
  expiredUrl: Type.Optional(ExpiredUrl),
  utm: Type.Optional(Nullable(Utm)),
  preview: Type.Optional(Nullable(PreviewInput)),
};

/** The lifecycle fields a code or link is read with, but the limit (named per kind). */
export const lifecycleOutput = {
  expiresAt: Type.Optional(Nullable(DateTime)),
  expiredUrl: Type.Optional(Nullable(Type.String())),
  expired: Type.Optional(Type.Boolean({ description: 'Whether it has expired (by date or by count).' })),
  utm: Type.Optional(Nullable(Utm)),
  preview: Type.Optional(Nullable(Preview)),
};

export const Repoint = Type.Object(
  {
    id: Type.String(),
    url: Type.String({ description: 'The destination it changes to.' }),
    at: DateTime,
    status: StringEnum(['pending', 'done', 'cancelled']),
    createdAt: DateTime,
    appliedAt: Nullable(DateTime),
  },
  { title: 'Repoint' },
);
export const CreateRepointBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: DESTINATION_MAX, description: 'An absolute http or https address.' }),
    at: Type.String({ maxLength: 64, description: 'When, a date-time in the future; applied within a minute of it.' }),
  },
  { additionalProperties: false },
);
export const RepointParams = Type.Object({ id: Type.String({ maxLength: 64 }), repointId: Type.String({ maxLength: 64 }) });
export const RepointResponse = DataEnvelope(Repoint);
export const RepointListResponse = DataEnvelope(Type.Array(Repoint));

export const UtmTemplate = Type.Object(
  { id: Type.String(), name: Type.String(), utm: Utm, createdAt: DateTime, updatedAt: DateTime },
  { title: 'UtmTemplate' },
);
export const CreateUtmTemplateBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200 }), utm: Utm },
  { additionalProperties: false },
);
export const UtmTemplateResponse = DataEnvelope(UtmTemplate);
export const UtmTemplateListResponse = DataEnvelope(Type.Array(UtmTemplate));
