import { Type } from '@sinclair/typebox';
import { JOB_KINDS, JOB_STATUSES } from '../../../../platform/index.js';
import { BULK_MAX_ROWS, IMAGE_FORMATS, PRINT_RUN_MAX_IDS } from '../../../../catalog/index.js';
import { DataEnvelope, DateTime, Nullable, Pagination, StringEnum } from '../../../schemas.js';
import { CreateCodeBody } from '../codes/schema.js';

export const JobError = Type.Object({
  row: Type.Integer({ description: 'The row (1 = the first data row after the header; 0 = the file itself).' }),
  field: Type.String(),
  message: Type.String(),
});

export const Job = Type.Object(
  {
    id: Type.String(),
    kind: StringEnum(JOB_KINDS),
    status: StringEnum(JOB_STATUSES),
    stage: Nullable(
      Type.String({ description: 'Where a running job has got to: a bulk job is `checking` every row, then `creating`.' }),
    ),
    dryRun: Type.Boolean({ description: 'A bulk job that only checks (`dryRun=true`): it creates nothing.' }),
    total: Type.Integer({ description: 'Rows or codes to do (grows while a bulk input is being checked).' }),
    done: Type.Integer(),
    createdAt: DateTime,
    startedAt: Nullable(DateTime),
    finishedAt: Nullable(DateTime),
    errors: Type.Array(JobError, { description: 'The first 1,000 errors; the file of a failed bulk job lists them all.' }),
    errorCount: Type.Integer(),
    reason: Nullable(Type.String({ description: 'Why a failed or cancelled job ended, in a sentence.' })),
    file: Nullable(Type.String({ description: "Where the finished job's file is downloaded, when it has one." })),
  },
  { title: 'Job' },
);

export const JobResponse = DataEnvelope(Job);
export const JobListResponse = DataEnvelope(Type.Array(Job));

export const ListJobsQuery = Type.Object(
  {
    limit: Pagination.limit(),
    offset: Pagination.offset(),
    kind: Type.Optional(StringEnum(JOB_KINDS)),
    status: Type.Optional(StringEnum(JOB_STATUSES)),
  },
  { additionalProperties: false },
);

export const BulkQuery = Type.Object(
  {
    dryRun: Type.Optional(Type.Boolean({ default: false, description: 'Check every row and report, but create nothing.' })),
  },
  { additionalProperties: false },
);

/** The JSON form of a bulk create's body. */
export const BulkJsonBody = Type.Object(
  { codes: Type.Array(CreateCodeBody, { minItems: 1, maxItems: BULK_MAX_ROWS, description: 'Create bodies, one per code.' }) },
  { additionalProperties: false, title: 'BulkCodes' },
);

/** The MCP tool's arguments (REST takes the file itself as the body). */
export const BulkToolBody = Type.Object(
  {
    csv: Type.Optional(
      Type.String({
        maxLength: 64 * 1_048_576,
        description: 'A CSV with a header row: name,url required; mode,shortCode,folderId,templateId optional.',
      }),
    ),
    codes: Type.Optional(Type.Array(CreateCodeBody, { maxItems: BULK_MAX_ROWS, description: 'Create bodies, one per code.' })),
  },
  { additionalProperties: false },
);

export const SheetBody = Type.Object(
  {
    paper: StringEnum(['A4', 'Letter'], { default: 'A4' }),
    columns: Type.Integer({ minimum: 1, maximum: 20, default: 3 }),
    rows: Type.Integer({ minimum: 1, maximum: 40, default: 8 }),
    marginMm: Type.Number({ minimum: 0, maximum: 50, default: 10 }),
    gapMm: Type.Number({ minimum: 0, maximum: 50, default: 4 }),
    caption: StringEnum(['name', 'shortCode', 'none'], { default: 'name' }),
  },
  {
    additionalProperties: false,
    description: 'Label sheets: a vector PDF of the symbols in a grid, with cut marks and a caption under each.',
  },
);

export const ExportBody = Type.Object(
  {
    codeIds: Type.Optional(
      Type.Array(Type.String({ maxLength: 64 }), {
        minItems: 1,
        maxItems: PRINT_RUN_MAX_IDS,
        description: 'The codes, in the order they are packed.',
      }),
    ),
    folderId: Type.Optional(Type.String({ maxLength: 64, description: 'A folder: its codes that are not archived, by name.' })),
    jobId: Type.Optional(
      Type.String({ maxLength: 64, description: 'A bulk job that has succeeded: the codes it made, by row.' }),
    ),
    format: StringEnum(IMAGE_FORMATS),
    size: Type.Optional(
      Type.Integer({
        minimum: 10,
        maximum: 4096,
        description: 'As on the image endpoint: pixels for SVG and PNG, millimetres for PDF.',
      }),
    ),
    sheet: Type.Optional(SheetBody),
  },
  { additionalProperties: false },
);
