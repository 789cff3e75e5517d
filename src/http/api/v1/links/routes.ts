import type { ApiRoutes } from '../context.js';
import { CreateLinkBody, LinkListResponse, LinkResponse, ListLinksQuery, UpdateLinkBody } from './schema.js';
import { declareRoutes } from '../route.js';
import { resourceRoutes } from '../resource.js';

const route = declareRoutes(['links']);

export const linksRoutes: ApiRoutes = async (app, { services, guard, present }) => {
  const read = guard({ scope: 'links:read', metered: true });
  const write = guard({ scope: 'links:write', metered: true });

  const links = resourceRoutes(app, route, { path: '/links', read, write });

  links.list('listLinks', 'List short links, newest first', {
    querystring: ListLinksQuery,
    response: LinkListResponse,
    run: async (acting, { limit, offset, ...filters }) =>
      (await services.links.list(acting, limit, offset, filters)).map((l) => present.link(l)),
  });

  links.create('createLink', 'Create a short link', {
    description: 'A taken or malformed ending gives 400. Links and codes share one namespace of endings per domain.',
    body: CreateLinkBody,
    response: LinkResponse,
    run: async (acting, body) => present.link(await services.links.create(acting, body)),
  });

  links.get('getLink', 'Read a short link', {
    response: LinkResponse,
    run: async (acting, id) => present.link(await services.links.get(acting, id)),
  });

  links.update('updateLink', 'Change where a short link forwards', {
    body: UpdateLinkBody,
    response: LinkResponse,
    run: async (acting, id, body) => present.link(await services.links.update(acting, id, body)),
  });
};
