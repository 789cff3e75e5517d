import { CreateLinkBody, LinkListResponse, LinkResponse, ListLinksQuery, UpdateLinkBody } from '../api/v1/links/schema.js';
import { IdParams } from '../schemas.js';
import { operation } from './operation.js';

const tag = 'links';

/** Short links: /api/v1/links and the links_* tools. */
export const LINKS = [
  operation({
    id: 'listLinks',
    tool: 'links_list',
    summary: 'List short links, newest first',
    description:
      'Lists short links, newest first, with their destinations and click counts; page with limit (1-100, default 25) and offset; narrow by part of the name, ending or destination (`name`), status, folder, tag or campaign.',
    tag,
    scope: 'links:read',
    kind: 'read',
    http: 'GET /links',
    querystring: ListLinksQuery,
    output: LinkListResponse,
    run: async (actor, query, { services, present }) =>
      (await services.catalog.links.list(actor, query)).map((l) => present.link(l)),
  }),
  operation({
    id: 'createLink',
    tool: 'links_create',
    summary: 'Create a short link',
    description:
      'Creates a short link forwarding to url (http or https), with a chosen ending (shortCode) or a generated one. A taken or malformed ending gives invalid_request (400): links and QR codes share one namespace of endings per domain. Optional, as on a code: name, folderId, rules, gate, and the design of its QR image (design or templateId).',
    tag,
    scope: 'links:write',
    kind: 'add',
    http: 'POST /links',
    body: CreateLinkBody,
    output: LinkResponse,
    run: async (actor, { maxClicks, ...body }, { services, present }) =>
      present.link(await services.catalog.links.create(actor, { ...body, maxScans: maxClicks })),
  }),
  operation({
    id: 'getLink',
    tool: 'links_get',
    summary: 'Read a short link',
    description: 'Reads one short link by id.',
    tag,
    scope: 'links:read',
    kind: 'read',
    http: 'GET /links/:id',
    params: IdParams,
    output: LinkResponse,
    run: async (actor, { id }, { services, present }) => present.link(await services.catalog.links.get(actor, id)),
  }),
  operation({
    id: 'updateLink',
    tool: 'links_update',
    summary: 'Change a short link',
    description:
      'Send only the fields to change: `url` repoints the link (the ending and the click count stay), `name` renames it, `status` "paused" pauses it and "active" resumes it; `rules`, `gate` and the design of its QR image change too, and `folderId` moves it (null: into no folder).',
    tag,
    scope: 'links:write',
    kind: 'change',
    http: 'PATCH /links/:id',
    params: IdParams,
    body: UpdateLinkBody,
    output: LinkResponse,
    run: async (actor, { id, maxClicks, ...changes }, { services, present }) =>
      present.link(await services.catalog.links.update(actor, id, { ...changes, maxScans: maxClicks })),
  }),
  operation({
    id: 'archiveLink',
    tool: 'links_archive',
    summary: 'Archive a short link (one-way)',
    description:
      'Archives a short link for good: visits afterwards are told it is no longer active and are not redirected. Its ending stays taken and its history is kept.',
    tag,
    scope: 'links:write',
    kind: 'change',
    http: 'POST /links/:id/archive',
    params: IdParams,
    output: LinkResponse,
    run: async (actor, { id }, { services, present }) => present.link(await services.catalog.links.archive(actor, id)),
  }),
];
