import { Type } from '@sinclair/typebox';
import { DESTINATION_MAX, GS1_KEY_MAX, GS1_LINKS_MAX, GS1_TITLE_MAX } from '../../../../catalog/index.js';
import { DataEnvelope, DateTime, DeletedEnvelope, Nullable, Pagination } from '../../../schemas.js';

export const Gs1Link = Type.Object(
  {
    linkType: Type.String({ description: 'A GS1 Web Vocabulary link type as a CURIE, e.g. gs1:pip.' }),
    href: Type.String(),
    lang: Nullable(Type.String({ description: 'Language of the target (en, fr-CA), or null for any.' })),
    type: Nullable(Type.String({ description: 'Media type of the target (text/html, application/pdf), or null.' })),
    title: Type.String(),
    default: Type.Boolean({ description: 'The one link a request that asks for nothing in particular is sent to.' }),
  },
  { title: 'Gs1Link' },
);

export const Gs1Entry = Type.Object(
  {
    id: Type.String(),
    key: Type.String({ description: 'Canonical Digital Link path: GTINs padded to 14 digits, e.g. 01/09506000134352/10/ABC.' }),
    url: Type.String({
      description:
        "The GS1 Digital Link URI on the host the key is registered on (the account's custom domain, else this service); the value to encode in a QR code.",
    }),
    links: Type.Array(Gs1Link),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'Gs1Entry', description: 'A registered GS1 key and what it resolves to.' },
);

const LinkInput = Type.Object(
  {
    linkType: Type.String({
      maxLength: 100,
      description: 'gs1:pip, gs1:certificationInfo, gs1:recipeInfo, gs1:instructions, ...',
    }),
    href: Type.String({ maxLength: DESTINATION_MAX, description: 'An http or https address.' }),
    lang: Type.Optional(Nullable(Type.String({ maxLength: 5, description: 'en or fr-CA' }))),
    type: Type.Optional(Nullable(Type.String({ maxLength: 129, description: 'A media type such as text/html.' }))),
    title: Type.Optional(Nullable(Type.String({ maxLength: GS1_TITLE_MAX, description: "Defaults to the link type's name." }))),
    default: Type.Optional(Type.Boolean({ description: 'Exactly one link is the default; the first when none is marked.' })),
  },
  { additionalProperties: false },
);
const Links = Type.Array(LinkInput, { minItems: 1, maxItems: GS1_LINKS_MAX });

export const CreateGs1Body = Type.Object(
  {
    key: Type.String({
      maxLength: GS1_KEY_MAX,
      description:
        'A GS1 key as a Digital Link path: 01/<GTIN-8, 12, 13 or 14>[/22/<cpv>][/10/<lot>][/21/<serial>] or 01/<GTIN>/235/<tpx>, 00/<SSCC>, 414/<GLN>[/254/<ext> or /7040/<uic>], 417/<GLN>[/7040/<uic>], 8003/<GRAI>, 8004/<GIAI>[/7040/<uic>], 8018/<GSRN>[/8019/<srin>], 253/<GDTI>, 255/<GCN>, 401/<GINC>, 402/<GSIN>. Check digits are verified.',
      examples: ['01/09506000134352', '01/9506000134352/10/ABC123'],
    }),
    links: Links,
  },
  { additionalProperties: false },
);

export const UpdateGs1Body = Type.Object(
  { links: Type.Optional(Links) },
  { additionalProperties: false, description: 'Replaces all the links; the key itself never changes.' },
);

export const ListGs1Query = Type.Object({ limit: Pagination.limit(), offset: Pagination.offset() });

export const Gs1Response = DataEnvelope(Gs1Entry);
export const Gs1ListResponse = DataEnvelope(Type.Array(Gs1Entry));
export const DeletedGs1Response = DeletedEnvelope();
