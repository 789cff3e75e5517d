import { CodeListResponse, CodeResponse, CreateCodeBody, ListCodesQuery, UpdateCodeBody } from '../../api/v1/codes/schema.js';
import { IdParams } from '../../schemas.js';
import { resourceTools } from '../tool.js';

const tool = resourceTools('codes:read', 'codes:write');

/** QR codes: the same service calls and presenter as /api/v1/codes. */
export const codeTools = [
  tool.read('codes_list', 'List QR codes', [ListCodesQuery], CodeListResponse, {
    description:
      'Lists QR codes, newest first, like GET /api/v1/codes. Filter by part of the name (never the destination) or by status; page with limit (1-100, default 25) and offset.',
    run: async (args, { services, actor, present }) =>
      (await services.catalog.codes.list(actor, args)).map((c) => present.code(c)),
  }),
  tool.read('codes_get', 'Read a QR code', [IdParams], CodeResponse, {
    description: 'Reads one QR code by id: its short link, destination, status, scan count, design and rules.',
    run: async ({ id }, { services, actor, present }) => present.code(await services.catalog.codes.get(actor, id)),
  }),
  tool.add('codes_create', 'Create a QR code', [CreateCodeBody], CodeResponse, {
    description:
      "Creates a QR code forwarding to url (http or https). A dynamic code (the default) encodes a short address and can be repointed later; a static code encodes the destination itself and never can. The result includes encode: the value to render into the symbol. Past the plan's cap on live codes: quota_exceeded.",
    run: async (args, { services, actor, present }) => present.code(await services.catalog.codes.create(actor, args)),
  }),
  tool.change('codes_update', 'Change a QR code', [IdParams, UpdateCodeBody], CodeResponse, {
    description:
      'Changes a QR code: url repoints it (dynamic codes only; every printed copy follows at once; a static code gives invalid_request), name renames it, status "paused" pauses it and "active" resumes it; design, rules and gate can change too. Send only the fields to change.',
    run: async ({ id, ...changes }, { services, actor, present }) =>
      present.code(await services.catalog.codes.update(actor, id, changes)),
  }),
  tool.add('codes_clone', 'Clone a QR code', [IdParams], CodeResponse, {
    description:
      'Copies a QR code: same destination, design, rules and gate; its own id and short address; no scan history; named "<name> (copy)". Counts against the cap on live codes.',
    run: async ({ id }, { services, actor, present }) => present.code(await services.catalog.codes.clone(actor, id)),
  }),
  tool.change('codes_archive', 'Archive a QR code', [IdParams], CodeResponse, {
    description:
      'Archives a QR code for good: scans afterwards are told it is no longer active and are not redirected. History is kept. There is no way back through the API.',
    run: async ({ id }, { services, actor, present }) => present.code(await services.catalog.codes.archive(actor, id)),
  }),
];
