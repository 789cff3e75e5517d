import { CodeListResponse, CodeResponse, CreateCodeBody, ListCodesQuery, UpdateCodeBody } from '../api/v1/codes/schema.js';
import { IdParams } from '../schemas.js';
import { operation } from './operation.js';

const tag = 'codes';

/** QR codes: /api/v1/codes and the codes_* tools. */
export const CODES = [
  operation({
    id: 'listCodes',
    tool: 'codes_list',
    summary: 'List QR codes, newest first or in the chosen order',
    description:
      'Filter by part of the name (`name` matches names only, never the destination), by status, by folder (`folderId`), by tag or by campaign; order with `sort` (`-created`, `created`, `name`, `-name`, `-scans`, `scans`); page with limit (1-100, default 25) and offset.',
    tag,
    scope: 'codes:read',
    kind: 'read',
    http: 'GET /codes',
    querystring: ListCodesQuery,
    output: CodeListResponse,
    run: async (actor, query, { services, present }) =>
      (await services.catalog.codes.list(actor, query)).map((c) => present.code(c)),
  }),
  operation({
    id: 'createCode',
    tool: 'codes_create',
    summary: 'Create a QR code',
    description:
      "Creates a QR code forwarding to url (http or https). A dynamic code (the default) encodes a short address and can be repointed later; a static code encodes the destination itself and never can. The answer is the whole code, including `encode`: the value to render into the symbol. Past the plan's cap on live codes: quota_exceeded (402). `templateId` copies a saved design (fields of `design` override it); `folderId` files the code. A template or folder that is not the account's: not_found (404).",
    tag,
    scope: 'codes:write',
    kind: 'add',
    http: 'POST /codes',
    body: CreateCodeBody,
    output: CodeResponse,
    run: async (actor, body, { services, present }) => present.code(await services.catalog.codes.create(actor, body)),
  }),
  operation({
    id: 'getCode',
    tool: 'codes_get',
    summary: 'Read a QR code',
    description: 'Reads one QR code by id: its short link, destination, status, scan count, design and rules.',
    tag,
    scope: 'codes:read',
    kind: 'read',
    http: 'GET /codes/:id',
    params: IdParams,
    output: CodeResponse,
    run: async (actor, { id }, { services, present }) => present.code(await services.catalog.codes.get(actor, id)),
  }),
  operation({
    id: 'updateCode',
    tool: 'codes_update',
    summary: 'Change a QR code',
    description:
      'Send only the fields to change. `url` repoints the code (dynamic codes only; every printed copy follows at once; a static code gives invalid_request, 400), `name` renames it, `status` "paused" pauses it and "active" resumes it; `design` (or a saved design copied with `templateId`), `rules` and `gate` change too, and `folderId` moves it (null: into no folder).',
    tag,
    scope: 'codes:write',
    kind: 'change',
    http: 'PATCH /codes/:id',
    params: IdParams,
    body: UpdateCodeBody,
    output: CodeResponse,
    run: async (actor, { id, ...changes }, { services, present }) =>
      present.code(await services.catalog.codes.update(actor, id, changes)),
  }),
  operation({
    id: 'cloneCode',
    tool: 'codes_clone',
    summary: 'Clone a QR code',
    description:
      'Copies a QR code: same destination, design, rules, gate and folder; its own id and short address; no scan history; named "<name> (copy)". Counts against the cap on live codes.',
    tag,
    scope: 'codes:write',
    kind: 'add',
    http: 'POST /codes/:id/clone',
    params: IdParams,
    output: CodeResponse,
    run: async (actor, { id }, { services, present }) => present.code(await services.catalog.codes.clone(actor, id)),
  }),
  operation({
    id: 'archiveCode',
    tool: 'codes_archive',
    summary: 'Archive a QR code (one-way)',
    description:
      'Archives a QR code for good: scans afterwards are told it is no longer active and are not redirected. History is kept. There is no way back through the API.',
    tag,
    scope: 'codes:write',
    kind: 'change',
    http: 'POST /codes/:id/archive',
    params: IdParams,
    output: CodeResponse,
    run: async (actor, { id }, { services, present }) => present.code(await services.catalog.codes.archive(actor, id)),
  }),
];
