import { MemberFilter } from '../campaigns/schema.js';
import { Type } from '@sinclair/typebox';
import { Design, DESTINATION_MAX, ENDING_MAX, NAME_MAX, Rules } from '../../../../catalog/index.js';
import { DataEnvelope, DateTime, ImportedTotal, Nullable, Pagination, StringEnum } from '../../../schemas.js';
import { FolderId, Gate, optionalSettings, Status } from '../codes/schema.js';
import { lifecycleInput, lifecycleOutput, MaxVisits } from '../lifecycle/schema.js';

const Destination = Type.String({ minLength: 1, maxLength: DESTINATION_MAX, description: 'An absolute http or https address.' });
const Name = Type.String({ maxLength: NAME_MAX, description: 'A name to find the link by; empty for none.' });

export const Link = Type.Object(
  {
    id: Type.String(),
    shortCode: Type.String(),
    url: Type.String({ description: 'The short address.' }),
    destination: Type.String(),
    name: Nullable(Type.String({ description: 'A name, or null (a link moved in from another service keeps its title).' })),
    status: Status,
    clicks: Type.Integer(),
    design: Type.Optional(Design),
    rules: Type.Optional(Rules),
    gate: Type.Optional(Nullable(Type.Object({ type: Type.Literal('password') }))),
    folderId: Type.Optional(Nullable(Type.String({ description: 'The folder the link is in, or null.' }))),
    imported: Nullable(ImportedTotal),
    maxClicks: Type.Optional(Nullable(Type.Integer())),
    ...lifecycleOutput,
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
    name: Type.Optional(Name),
    ...optionalSettings,
    maxClicks: Type.Optional(MaxVisits('clicks')),
  },
  { additionalProperties: false },
);

export const UpdateLinkBody = Type.Object(
  {
    url: Type.Optional(Destination),
    name: Type.Optional(Name),
    status: Type.Optional(
      StringEnum(['active', 'paused'], { description: 'Pause or resume; archiving is POST /links/{id}/archive.' }),
    ),
    design: optionalSettings.design,
    templateId: optionalSettings.templateId,
    rules: optionalSettings.rules,
    gate: Type.Optional(Gate),
    folderId: Type.Optional(FolderId),
    ...lifecycleInput,
    maxClicks: Type.Optional(MaxVisits('clicks')),
  },
  { additionalProperties: false },
);

export const ListLinksQuery = Type.Object(
  {
    limit: Pagination.limit(),
    offset: Pagination.offset(),
    name: Type.Optional(Type.String({ maxLength: NAME_MAX, description: 'Case-insensitive part of the name or the ending.' })),
    status: Type.Optional(Status),
    folderId: Type.Optional(Type.String({ maxLength: 64, description: 'Only the links in this folder.' })),
    tag: Type.Optional(MemberFilter.tag),
    campaignId: Type.Optional(MemberFilter.campaignId),
  },
  { additionalProperties: false },
);
export const LinkResponse = DataEnvelope(Link);
export const LinkListResponse = DataEnvelope(Type.Array(Link));
