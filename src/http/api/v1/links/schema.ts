import { MemberFilter } from '../campaigns/schema.js';
import { Type } from '@sinclair/typebox';
import { DESTINATION_MAX, ENDING_MAX } from '../../../../catalog/index.js';
import { DataEnvelope, DateTime, ImportedTotal, Nullable, Pagination } from '../../../schemas.js';

const Destination = Type.String({ minLength: 1, maxLength: DESTINATION_MAX, description: 'An absolute http or https address.' });

export const Link = Type.Object(
  {
    id: Type.String(),
    shortCode: Type.String(),
    url: Type.String({ description: 'The short address.' }),
    destination: Type.String(),
    name: Nullable(Type.String({ description: 'A title (a link moved in from another service keeps its title).' })),
    clicks: Type.Integer(),
    imported: Nullable(ImportedTotal),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'Link' },
);

export const CreateLinkBody = Type.Object(
  {
    url: Destination,
    shortCode: Type.Optional(
      Type.String({ maxLength: ENDING_MAX, description: 'A chosen ending: 3 to 64 letters, digits, "-" or "_".' }),
    ),
  },
  { additionalProperties: false },
);

export const UpdateLinkBody = Type.Object({ url: Destination }, { additionalProperties: false });
export const ListLinksQuery = Type.Object(
  {
    limit: Pagination.limit(),
    offset: Pagination.offset(),
    tag: Type.Optional(MemberFilter.tag),
    campaignId: Type.Optional(MemberFilter.campaignId),
  },
  { additionalProperties: false },
);
export const LinkResponse = DataEnvelope(Link);
export const LinkListResponse = DataEnvelope(Type.Array(Link));
