import type { ApiRoutes } from '../context.js';
import { CreateLinkBody, LinkListResponse, LinkResponse, ListLinksQuery, UpdateLinkBody } from './schema.js';
import { declareRoutes } from '../route.js';
import { resourceRoutes } from '../resource.js';

const route = declareRoutes(['links']);

export const linksRoutes: ApiRoutes = async (app, { services, guard, present }) => {
  const read = guard({ scope: 'links:read', metered: true });
  const write = guard({ scope: 'links:write', metered: true });

  const links = resourceRoutes(app, route, {
    path: '/links',
    read,
    write,
    present: present.link,
    response: LinkResponse,
    listResponse: LinkListResponse,
  });

  links.list('listLinks', 'List short links, newest first', {
    querystring: ListLinksQuery,
    run: (acting, { limit, offset, ...filters }) => services.catalog.links.list(acting, limit, offset, filters),
  });

  links.create('createLink', 'Create a short link', {
    description: 'A taken or malformed ending gives 400. Links and codes share one namespace of endings per domain.',
    body: CreateLinkBody,
    run: (acting, body) => services.catalog.links.create(acting, body),
  });

  links.get('getLink', 'Read a short link', {
    run: (acting, id) => services.catalog.links.get(acting, id),
  });

  links.update('updateLink', 'Change where a short link forwards', {
    body: UpdateLinkBody,
    run: (acting, id, body) => services.catalog.links.update(acting, id, body),
  });
};
