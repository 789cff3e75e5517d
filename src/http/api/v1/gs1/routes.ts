import type { ApiRoutes } from '../context.js';
import { CreateGs1Body, DeletedGs1Response, Gs1ListResponse, Gs1Response, ListGs1Query, UpdateGs1Body } from './schema.js';
import { declareRoutes } from '../route.js';
import { resourceRoutes } from '../resource.js';

const route = declareRoutes(['gs1']);

export const gs1Routes: ApiRoutes = async (app, { services, guard, present }) => {
  const read = guard({ scope: 'gs1:read', metered: true });
  const write = guard({ scope: 'gs1:write', metered: true });

  const keys = resourceRoutes(app, route, {
    path: '/gs1',
    read,
    write,
    present: present.gs1,
    response: Gs1Response,
    listResponse: Gs1ListResponse,
  });

  keys.list('listGs1Keys', 'List GS1 Digital Links', {
    description: 'The registered GS1 keys, newest first, each with its links.',
    querystring: ListGs1Query,
    run: (acting, query) => services.catalog.gs1.list(acting, query),
  });

  keys.create('createGs1Key', 'Register a GS1 key and its links', {
    description:
      'The key is validated (lengths, check digits, qualifier order, characters) and stored in canonical form. It is registered on the account\'s custom domain when it has one, else on the service\'s host; a key taken there, or under a GS1 company prefix the operator assigned to another account, answers 400 "not available". Exactly one link is the default.',
    body: CreateGs1Body,
    run: (acting, body) => services.catalog.gs1.create(acting, body),
  });

  keys.get('getGs1Key', 'Read a GS1 key and what it resolves to', {
    run: (acting, id) => services.catalog.gs1.get(acting, id),
  });

  keys.update('updateGs1Key', "Replace a GS1 key's links", {
    body: UpdateGs1Body,
    run: (acting, id, body) => services.catalog.gs1.update(acting, id, body),
  });

  keys.remove('deleteGs1Key', 'Delete a GS1 key and its links', {
    description: 'Its Digital Link URI stops resolving (404). Its recorded events stay.',
    response: DeletedGs1Response,
    run: (acting, id) => services.catalog.gs1.delete(acting, id),
  });
};
