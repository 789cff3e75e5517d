import { CreateLinkBody, LinkListResponse, LinkResponse, ListLinksQuery, UpdateLinkBody } from '../../api/v1/links/schema.js';
import { IdParams } from '../../schemas.js';
import { resourceTools } from '../tool.js';

const tool = resourceTools('links:read', 'links:write');

/** Short links: the same service calls and presenter as /api/v1/links. */
export const linkTools = [
  tool.read('links_list', 'List short links', [ListLinksQuery], LinkListResponse, {
    description:
      'Lists short links, newest first, with their destinations and click counts; page with limit (1-100, default 25) and offset; narrow with tag or campaignId.',
    run: async ({ limit, offset, ...filters }, { services, actor, present }) =>
      (await services.catalog.links.list(actor, limit, offset, filters)).map((l) => present.link(l)),
  }),
  tool.read('links_get', 'Read a short link', [IdParams], LinkResponse, {
    description: 'Reads one short link by id.',
    run: async ({ id }, { services, actor, present }) => present.link(await services.catalog.links.get(actor, id)),
  }),
  tool.add('links_create', 'Create a short link', [CreateLinkBody], LinkResponse, {
    description:
      'Creates a short link forwarding to url (http or https), with a chosen ending (shortCode) or a generated one. A taken or malformed ending gives invalid_request: links and QR codes share one namespace of endings.',
    run: async (args, { services, actor, present }) => present.link(await services.catalog.links.create(actor, args)),
  }),
  tool.change('links_update', 'Repoint a short link', [IdParams, UpdateLinkBody], LinkResponse, {
    description: 'Changes where a short link forwards (url, http or https). The ending and the click count stay.',
    run: async ({ id, ...changes }, { services, actor, present }) =>
      present.link(await services.catalog.links.update(actor, id, changes)),
  }),
];
