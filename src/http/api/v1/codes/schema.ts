import { MemberFilter } from '../campaigns/schema.js';
import { CONTENT_KINDS } from '../../../../content/index.js';
import { Type } from '@sinclair/typebox';
import {
  AcceptUnscannable,
  CODE_SORTS,
  Design,
  DesignInput,
  DESTINATION_MAX,
  ENDING_MAX,
  GATE_PASSWORD_MAX,
  GATE_PASSWORD_MIN,
  NAME_MAX,
  Rules,
} from '../../../../catalog/index.js';
import { DataEnvelope, DateTime, ImportedTotal, Nullable, Pagination, StringEnum } from '../../../schemas.js';
import { lifecycleInput, lifecycleOutput, MaxVisits } from '../lifecycle/schema.js';

const Name = Type.String({ minLength: 1, maxLength: NAME_MAX });
const Destination = Type.String({ minLength: 1, maxLength: DESTINATION_MAX, description: 'An absolute http or https address.' });
export const Gate = Nullable(
  Type.Object(
    { password: Type.String({ minLength: GATE_PASSWORD_MIN, maxLength: GATE_PASSWORD_MAX }) },
    { additionalProperties: false, description: 'A password asked before forwarding; null removes the gate.' },
  ),
);
export const FolderId = Nullable(Type.String({ maxLength: 64, description: "One of the account's folders; null for none." }));
const TemplateId = Type.String({
  maxLength: 64,
  description: "One of the account's saved designs, copied into the code; `design` fields, if sent too, override it.",
});
export const Status = StringEnum(['active', 'paused', 'archived']);

const ContentRef = Type.Object(
  {
    type: StringEnum(CONTENT_KINDS),
    id: Type.String({ minLength: 1, maxLength: 64 }),
  },
  {
    additionalProperties: false,
    description: 'A form, page or card of the account: the code leads to its public address (dynamic codes only).',
  },
);

export const Code = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    mode: StringEnum(['dynamic', 'static']),
    status: Status,
    shortCode: Nullable(Type.String({ description: 'Ending of the short link; null for a static code.' })),
    url: Nullable(Type.String({ description: 'The short address the symbol encodes; null for a static code.' })),
    destination: Nullable(Type.String({ description: 'Where the code forwards to when no rule matches.' })),
    scans: Type.Integer({ description: 'Lifetime scan counter.' }),
    encode: Type.String({ description: 'The value to render into the symbol.' }),
    design: Design,
    rules: Rules,
    gate: Nullable(Type.Object({ type: Type.Literal('password') })),
    folderId: Nullable(Type.String({ description: 'The folder the code is in, or null.' })),
    content: Nullable(ContentRef),
    imported: Nullable(ImportedTotal),
    maxScans: Type.Optional(Nullable(Type.Integer())),
    ...lifecycleOutput,
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'Code' },
);

/** The optional fields creating and changing a code (or a link) share, in this order. */
export const optionalSettings = {
  design: Type.Optional(DesignInput),
  templateId: Type.Optional(TemplateId),
  acceptUnscannable: Type.Optional(AcceptUnscannable),
  rules: Type.Optional(Rules),
  gate: Type.Optional(Gate),
  folderId: Type.Optional(FolderId),
  ...lifecycleInput,
};

export const CreateCodeBody = Type.Object(
  {
    name: Name,
    url: Type.Optional({ ...Destination, description: 'The destination; required unless `content` is given.' }),
    content: Type.Optional(ContentRef),
    mode: Type.Optional(StringEnum(['dynamic', 'static'], { default: 'dynamic' })),
    shortCode: Type.Optional(
      Type.String({ maxLength: ENDING_MAX, description: 'A chosen ending: 3 to 64 letters, digits, "-" or "_".' }),
    ),
    ...optionalSettings,
    maxScans: Type.Optional(MaxVisits('scans')),
  },
  { additionalProperties: false },
);

export const UpdateCodeBody = Type.Object(
  {
    name: Type.Optional(Name),
    url: Type.Optional(Destination),
    content: Type.Optional({ ...ContentRef, description: 'Repoints the code to a form, page or card of the account.' }),
    status: Type.Optional(
      StringEnum(['active', 'paused'], {
        description: 'Pause or resume; archiving is POST /codes/{id}/archive.',
      }),
    ),
    ...optionalSettings,
    maxScans: Type.Optional(MaxVisits('scans')),
  },
  { additionalProperties: false },
);

export const ListCodesQuery = Type.Object(
  {
    limit: Pagination.limit(),
    offset: Pagination.offset(),
    name: Type.Optional(
      Type.String({ maxLength: NAME_MAX, description: 'Case-insensitive part of the name; never matches the destination.' }),
    ),
    status: Type.Optional(Status),
    folderId: Type.Optional(Type.String({ maxLength: 64, description: 'Only the codes in this folder.' })),
    tag: Type.Optional(MemberFilter.tag),
    campaignId: Type.Optional(MemberFilter.campaignId),
    sort: Type.Optional(
      StringEnum(CODE_SORTS, {
        description:
          'The order: `-created` (the default, newest first), `created`, `name` (A to Z, any case), `-name`, `-scans` (most scanned first) or `scans`; ties by newest.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const CodeResponse = DataEnvelope(Code);
export const CodeListResponse = DataEnvelope(Type.Array(Code));
