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
      'Lists short links, newest first, with their destinations and click counts; page with limit (1-100, default 25) and offset; narrow with tag or campaignId.',
    tag,
    scope: 'links:read',
    kind: 'read',
    http: 'GET /links',
    querystring: ListLinksQuery,
    output: LinkListResponse,
    run: async (actor, { limit, offset, ...filters }, { services, present }) =>
      (await services.catalog.links.list(actor, limit, offset, filters)).map((l) => present.link(l)),
  }),
  operation({
    id: 'createLink',
    tool: 'links_create',
    summary: 'Create a short link',
    description:
      'Creates a short link forwarding to url (http or https), with a chosen ending (shortCode) or a generated one. A taken or malformed ending gives invalid_request (400): links and QR codes share one namespace of endings per domain.',
    tag,
    scope: 'links:write',
    kind: 'add',
    http: 'POST /links',
    body: CreateLinkBody,
    output: LinkResponse,
    run: async (actor, body, { services, present }) => present.link(await services.catalog.links.create(actor, body)),
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
    summary: 'Change where a short link forwards',
    description: 'Changes where a short link forwards (url, http or https). The ending and the click count stay.',
    tag,
    scope: 'links:write',
    kind: 'change',
    http: 'PATCH /links/:id',
    params: IdParams,
    body: UpdateLinkBody,
    output: LinkResponse,
    run: async (actor, { id, ...changes }, { services, present }) =>
      present.link(await services.catalog.links.update(actor, id, changes)),
  }),
];
