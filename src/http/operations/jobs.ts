import { Readable } from 'node:stream';
import { InvalidRequest } from '../../lib/errors.js';
import { Type } from '@sinclair/typebox';
import {
  BulkJsonBody,
  BulkQuery,
  BulkToolBody,
  ExportBody,
  JobListResponse,
  JobResponse,
  ListJobsQuery,
} from '../api/v1/jobs/schema.js';
import { assertSomeJobScope, JOB_SCOPES, visibleJob } from '../api/v1/jobs/scopes.js';
import { IdParams } from '../schemas.js';
import { assertScope } from '../guard.js';
import { importRequestOf } from '../api/v1/imports/request.js';
import { ImportApiBody, ImportFormBody, ImportToolBody } from '../api/v1/imports/schema.js';
import { operation } from './operation.js';

const tag = 'jobs';

const WORK_SCOPES = [...new Set(Object.values(JOB_SCOPES))];

/** What a bulk create takes: the CSV itself, or `{ codes: [...] }`. */
const BULK_CONTENT = {
  'text/csv': Type.String({
    maxLength: 256 * 1_048_576,
    description:
      'At most JOBS_MAX_INPUT_BYTES (256 MiB unless set): a header row (name,url required; mode,shortCode,folderId,templateId optional), then one code per row.',
  }),
  'application/json': BulkJsonBody,
};

/** Jobs: /api/v1/jobs, and the operations that queue one. */
export const JOBS = [
  operation({
    id: 'bulkCreateCodes',
    tool: 'codes_bulk_create',
    summary: 'Create many QR codes from a CSV or JSON file',
    addedInV1: true,
    description:
      "Queues a bulk job (202, `Location: /api/v1/jobs/{id}`). The body is the file itself: `text/csv` with a header row (`name,url` required; `mode,shortCode,folderId,templateId` optional), or `application/json` `{ \"codes\": [<create body>, ...] }`; at most 100,000 rows. Every row is checked first: with any bad row the job ends `failed`, lists each bad row in `errors` (row 1 is the first data row) and creates nothing. Then the codes are created in batches under the plan's cap on live codes; the finished job's file is CSV `row,id,name,shortCode,url,encode`. `dryRun=true` only checks. `Idempotency-Key` makes a resend answer the same job. The MCP tool takes `csv` (the file's text) or `codes`.",
    tag,
    scope: 'codes:write',
    kind: 'start',
    http: 'POST /codes/bulk',
    querystring: BulkQuery,
    upload: { content: BULK_CONTENT },
    body: BulkToolBody,
    output: JobResponse,
    errors: [413, 415],
    run: async (actor, { upload, csv, codes, dryRun }, { services, present, idempotencyKey }) => {
      let input: { stream: Readable; format: 'csv' | 'json' };
      if (upload) input = { stream: upload.stream, format: upload.type === 'text/csv' ? 'csv' : 'json' };
      else if (csv !== undefined && codes === undefined) input = { stream: Readable.from([csv]), format: 'csv' };
      else if (codes !== undefined && csv === undefined)
        input = { stream: Readable.from([JSON.stringify({ codes })]), format: 'json' };
      else throw new InvalidRequest('Send either csv or codes.', 'csv');
      const job = await services.catalog.bulk.start(actor, input.stream, input.format, { dryRun, idempotencyKey });
      return present.job(job);
    },
  }),
  operation({
    id: 'createExport',
    tool: 'exports_create',
    summary: 'Start a print run: codes drawn, decoded and packed in a ZIP',
    addedInV1: true,
    description:
      "Queues an export job (202, `Location: /api/v1/jobs/{id}`) drawing a set of codes (`codeIds`, a `folderId`, or the codes a bulk job made, `jobId`) as SVG, PNG or PDF at `size` (pixels, or millimetres for PDF). Every symbol is decoded before it is packed; one that does not decode fails the job and names the code. The finished job's file is a ZIP: one image per code named `<shortCode or id>.<format>`, `manifest.csv` (`id,name,encode,file,decoded`), and with `sheet` also `sheets.pdf`: vector label sheets (A4 or Letter, a grid of columns × rows with margins, gaps, cut marks and a caption under each symbol).",
    tag,
    scope: 'codes:read',
    kind: 'start',
    http: 'POST /exports',
    body: ExportBody,
    output: JobResponse,
    run: async (actor, body, { services, present, idempotencyKey }) =>
      present.job(await services.catalog.printRuns.start(actor, body, idempotencyKey)),
  }),
  operation({
    id: 'importLinks',
    tool: 'imports_create',
    summary: 'Move links in from Bitly, Shlink, YOURLS, Kutt, Dub or a CSV',
    addedInV1: true,
    description:
      "Queues an import job (202, `Location: /api/v1/jobs/{id}`). Send the file the old service exported as a multipart form (`source` = bitly, shlink, yourls, dub or csv, `file`, optional `as` and `dryRun`), or JSON naming its API (`source` = shlink, yourls or kutt, `url`, `apiKey`). Every record is checked first; one without an address, with a private or non-http one, or whose ending is invalid, repeated or already taken on the account's domain is reported in `errors` against its row (never renamed) and the others are imported: short links by default, dynamic codes with `as=codes`. Endings, titles, tags and creation dates come along; the old service's lifetime visits are kept as `imported` on each link, never as events. `dryRun` reports what would be imported and writes nothing. The finished job's file lists every row: `row,result,id,shortCode,url,name,message`. Needs codes:write and links:write.",
    tag: 'imports',
    scope: 'links:write',
    alsoScopes: ['codes:write'],
    kind: 'start',
    http: 'POST /imports',
    upload: { content: { 'multipart/form-data': ImportFormBody, 'application/json': ImportApiBody } },
    body: ImportToolBody,
    output: JobResponse,
    errors: [413, 415],
    run: async (actor, input, { services, present, idempotencyKey, principal, config }) => {
      assertScope(principal, 'codes:write');
      const { files } = services.platform.jobs;
      const request = await importRequestOf(input, (file) => files.receive(file, config.jobs.maxInputBytes));
      try {
        return present.job(await services.catalog.movingIn.start(actor, request, idempotencyKey));
      } catch (error) {
        if (request.file && 'sha256' in request.file) await files.discard(request.file);
        throw error;
      }
    },
  }),
  operation({
    id: 'listJobs',
    tool: 'jobs_list',
    summary: 'List jobs, newest first',
    addedInV1: true,
    description:
      "The account's jobs of the kinds the token may read (bulk and import: codes:write; export: codes:read), newest first; filter by `kind` and `status`. Jobs are kept for 7 days after they end (JOBS_KEEP_DAYS).",
    tag,
    scope: null,
    scopeOneOf: WORK_SCOPES,
    kind: 'read',
    http: 'GET /jobs',
    querystring: ListJobsQuery,
    output: JobListResponse,
    run: async (actor, query, { services, present, principal }) => {
      assertSomeJobScope(principal);
      const jobs = await services.platform.jobs.list(actor, query);
      return jobs.filter((job) => principal.token.scopes.includes(JOB_SCOPES[job.kind])).map(present.job);
    },
  }),
  operation({
    id: 'getJob',
    tool: 'jobs_get',
    summary: 'Read a job',
    addedInV1: true,
    description:
      "A job's status and progress (`done` of `total`), its errors (row, field, message) and, once it has succeeded, `file`: where its file is downloaded. Needs the scope of the work that made it (bulk and import: codes:write; export: codes:read).",
    tag,
    scope: null,
    scopeOneOf: WORK_SCOPES,
    kind: 'read',
    http: 'GET /jobs/:id',
    params: IdParams,
    output: JobResponse,
    run: async (actor, { id }, { services, present, principal }) => {
      assertSomeJobScope(principal);
      return present.job(visibleJob(principal, await services.platform.jobs.get(actor, id)));
    },
  }),
  operation({
    id: 'cancelJob',
    tool: 'jobs_cancel',
    summary: 'Cancel a job',
    addedInV1: true,
    description:
      'Cancels a job that is queued or running: it stops at its next step (a bulk job keeps the codes of the batches it committed) and ends `cancelled`. A job that has ended: invalid_request (400).',
    tag,
    scope: null,
    scopeOneOf: WORK_SCOPES,
    kind: 'change',
    http: 'DELETE /jobs/:id',
    params: IdParams,
    output: JobResponse,
    run: async (actor, { id }, { services, present, principal }) => {
      assertSomeJobScope(principal);
      visibleJob(principal, await services.platform.jobs.get(actor, id));
      return present.job(await services.platform.jobs.cancel(actor, id));
    },
  }),
];
