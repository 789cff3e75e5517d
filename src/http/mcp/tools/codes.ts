import { CodeListResponse, CodeResponse, CreateCodeBody, ListCodesQuery, UpdateCodeBody } from '../../api/v1/codes/schema.js';
import { IdParams } from '../../schemas.js';
import { ADD, CHANGE, defineTool, READ, toolInput } from '../tool.js';

/** QR codes: the same service calls and presenter as /api/v1/codes. */
export const codeTools = [
  defineTool({
    name: 'codes_list',
    title: 'List QR codes',
    description:
      'Lists QR codes, newest first, like GET /api/v1/codes. Filter by part of the name (never the destination) or by status; page with limit (1-100, default 25) and offset.',
    scope: 'codes:read',
    input: toolInput(ListCodesQuery),
    output: CodeListResponse,
    annotations: READ,
    async handler(args, { services, actor, present }) {
      const codes = await services.codes.list(actor, args);
      return { data: codes.map((c) => present.code(c)) };
    },
  }),
  defineTool({
    name: 'codes_get',
    title: 'Read a QR code',
    description: 'Reads one QR code by id: its short link, destination, status, scan count, design and rules.',
    scope: 'codes:read',
    input: toolInput(IdParams),
    output: CodeResponse,
    annotations: READ,
    async handler({ id }, { services, actor, present }) {
      return { data: present.code(await services.codes.get(actor, id)) };
    },
  }),
  defineTool({
    name: 'codes_create',
    title: 'Create a QR code',
    description:
      "Creates a QR code forwarding to url (http or https). A dynamic code (the default) encodes a short address and can be repointed later; a static code encodes the destination itself and never can. The result includes encode: the value to render into the symbol. Past the plan's cap on live codes: quota_exceeded.",
    scope: 'codes:write',
    input: toolInput(CreateCodeBody),
    output: CodeResponse,
    annotations: ADD,
    async handler(args, { services, actor, present }) {
      return { data: present.code(await services.codes.create(actor, args)) };
    },
  }),
  defineTool({
    name: 'codes_update',
    title: 'Change a QR code',
    description:
      'Changes a QR code: url repoints it (dynamic codes only; every printed copy follows at once; a static code gives invalid_request), name renames it, status "paused" pauses it and "active" resumes it; design, rules and gate can change too. Send only the fields to change.',
    scope: 'codes:write',
    input: toolInput(IdParams, UpdateCodeBody),
    output: CodeResponse,
    annotations: CHANGE,
    async handler({ id, ...changes }, { services, actor, present }) {
      return { data: present.code(await services.codes.update(actor, id, changes)) };
    },
  }),
  defineTool({
    name: 'codes_clone',
    title: 'Clone a QR code',
    description:
      'Copies a QR code: same destination, design, rules and gate; its own id and short address; no scan history; named "<name> (copy)". Counts against the cap on live codes.',
    scope: 'codes:write',
    input: toolInput(IdParams),
    output: CodeResponse,
    annotations: ADD,
    async handler({ id }, { services, actor, present }) {
      return { data: present.code(await services.codes.clone(actor, id)) };
    },
  }),
  defineTool({
    name: 'codes_archive',
    title: 'Archive a QR code',
    description:
      'Archives a QR code for good: scans afterwards are told it is no longer active and are not redirected. History is kept. There is no way back through the API.',
    scope: 'codes:write',
    input: toolInput(IdParams),
    output: CodeResponse,
    annotations: CHANGE,
    async handler({ id }, { services, actor, present }) {
      return { data: present.code(await services.codes.archive(actor, id)) };
    },
  }),
];
