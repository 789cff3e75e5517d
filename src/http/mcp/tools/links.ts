import { CreateLinkBody, LinkListResponse, LinkResponse, ListLinksQuery, UpdateLinkBody } from '../../api/v1/links/schema.js';
import { IdParams } from '../../schemas.js';
import { ADD, CHANGE, defineTool, READ, toolInput } from '../tool.js';

/** Short links: the same service calls and presenter as /api/v1/links. */
export const linkTools = [
  defineTool({
    name: 'links_list',
    title: 'List short links',
    description:
      'Lists short links, newest first, with their destinations and click counts; page with limit (1-100, default 25) and offset; narrow with tag or campaignId.',
    scope: 'links:read',
    input: toolInput(ListLinksQuery),
    output: LinkListResponse,
    annotations: READ,
    async handler({ limit, offset, ...filters }, { services, actor, present }) {
      const links = await services.links.list(actor, limit, offset, filters);
      return { data: links.map((l) => present.link(l)) };
    },
  }),
  defineTool({
    name: 'links_get',
    title: 'Read a short link',
    description: 'Reads one short link by id.',
    scope: 'links:read',
    input: toolInput(IdParams),
    output: LinkResponse,
    annotations: READ,
    async handler({ id }, { services, actor, present }) {
      return { data: present.link(await services.links.get(actor, id)) };
    },
  }),
  defineTool({
    name: 'links_create',
    title: 'Create a short link',
    description:
      'Creates a short link forwarding to url (http or https), with a chosen ending (shortCode) or a generated one. A taken or malformed ending gives invalid_request: links and QR codes share one namespace of endings.',
    scope: 'links:write',
    input: toolInput(CreateLinkBody),
    output: LinkResponse,
    annotations: ADD,
    async handler(args, { services, actor, present }) {
      return { data: present.link(await services.links.create(actor, args)) };
    },
  }),
  defineTool({
    name: 'links_update',
    title: 'Repoint a short link',
    description: 'Changes where a short link forwards (url, http or https). The ending and the click count stay.',
    scope: 'links:write',
    input: toolInput(IdParams, UpdateLinkBody),
    output: LinkResponse,
    annotations: CHANGE,
    async handler({ id, ...changes }, { services, actor, present }) {
      return { data: present.link(await services.links.update(actor, id, changes)) };
    },
  }),
];
