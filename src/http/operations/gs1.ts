import * as schema from '../api/v1/gs1/schema.js';
import { IdParams } from '../schemas.js';
import { operation } from './operation.js';

const tag = 'gs1';

/** GS1 Digital Links: /api/v1/gs1 and the gs1_* tools. */
export const GS1 = [
  operation({
    id: 'listGs1Keys',
    tool: 'gs1_list',
    summary: 'List GS1 Digital Links',
    description:
      'Lists the registered GS1 keys (GTIN with optional CPV, lot and serial; SSCC, GLN, GRAI, GIAI, ...), newest first, each with its Digital Link URI and its links (link type, target, language, media type, the default); page with limit and offset.',
    tag,
    scope: 'gs1:read',
    kind: 'read',
    http: 'GET /gs1',
    querystring: schema.ListGs1Query,
    output: schema.Gs1ListResponse,
    run: async (actor, query, { services, present }) => (await services.catalog.gs1.list(actor, query)).map(present.gs1),
  }),
  operation({
    id: 'createGs1Key',
    summary: 'Register a GS1 key and its links',
    description:
      'The key is validated (lengths, check digits, qualifier order, characters) and stored in canonical form. It is registered on the account\'s custom domain when it has one, else on the service\'s host; a key taken there, or under a GS1 company prefix the operator assigned to another account, answers 400 "not available". Exactly one link is the default.',
    tag,
    scope: 'gs1:write',
    kind: 'add',
    http: 'POST /gs1',
    body: schema.CreateGs1Body,
    output: schema.Gs1Response,
    run: async (actor, body, { services, present }) => present.gs1(await services.catalog.gs1.create(actor, body)),
  }),
  operation({
    id: 'getGs1Key',
    tool: 'gs1_get',
    summary: 'Read a GS1 key and what it resolves to',
    description: 'Reads one registered GS1 key by id: its Digital Link URI and what each link type resolves to.',
    tag,
    scope: 'gs1:read',
    kind: 'read',
    http: 'GET /gs1/:id',
    params: IdParams,
    output: schema.Gs1Response,
    run: async (actor, { id }, { services, present }) => present.gs1(await services.catalog.gs1.get(actor, id)),
  }),
  operation({
    id: 'updateGs1Key',
    summary: "Replace a GS1 key's links",
    description: 'Replaces all the links; the key itself never changes.',
    tag,
    scope: 'gs1:write',
    kind: 'change',
    http: 'PATCH /gs1/:id',
    params: IdParams,
    body: schema.UpdateGs1Body,
    output: schema.Gs1Response,
    run: async (actor, { id, ...changes }, { services, present }) =>
      present.gs1(await services.catalog.gs1.update(actor, id, changes)),
  }),
  operation({
    id: 'deleteGs1Key',
    summary: 'Delete a GS1 key and its links',
    description: 'Its Digital Link URI stops resolving (404). Its recorded events stay.',
    tag,
    scope: 'gs1:write',
    kind: 'remove',
    http: 'DELETE /gs1/:id',
    params: IdParams,
    output: schema.DeletedGs1Response,
    run: (actor, { id }, { services }) => services.catalog.gs1.delete(actor, id),
  }),
];
