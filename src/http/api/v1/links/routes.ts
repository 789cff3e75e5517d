import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { actor, type ApiRoutes } from '../context.js';
import { IdParams, responses } from '../../../schemas.js';
import { CreateLinkBody, LinkListResponse, LinkResponse, ListLinksQuery, UpdateLinkBody } from './schema.js';
import { declareRoutes } from '../route.js';

const route = declareRoutes(['links']);

export const linksRoutes: ApiRoutes = async (fastify, { services, guard, present }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const read = guard({ scope: 'links:read', metered: true });
  const write = guard({ scope: 'links:write', metered: true });
  const one = (link: Parameters<typeof present.link>[0]) => ({ data: present.link(link) });

  app.get(
    '/links',
    route(read, 'listLinks', 'List short links, newest first', {
      querystring: ListLinksQuery,
      response: responses({ 200: LinkListResponse }),
    }),
    async (request) => {
      const { limit, offset, ...filters } = request.query;
      const links = await services.links.list(actor(request), limit, offset, filters);
      return { data: links.map((l) => present.link(l)) };
    },
  );

  app.post(
    '/links',
    route(write, 'createLink', 'Create a short link', {
      description: 'A taken or malformed ending gives 400. Links and codes share one namespace of endings per domain.',
      body: CreateLinkBody,
      response: responses({ 201: LinkResponse }),
    }),
    async (request, reply) => reply.code(201).send(one(await services.links.create(actor(request), request.body))),
  );

  app.get(
    '/links/:id',
    route(read, 'getLink', 'Read a short link', { params: IdParams, response: responses({ 200: LinkResponse }, [404]) }),
    async (request) => one(await services.links.get(actor(request), request.params.id)),
  );

  app.patch(
    '/links/:id',
    route(write, 'updateLink', 'Change where a short link forwards', {
      params: IdParams,
      body: UpdateLinkBody,
      response: responses({ 200: LinkResponse }, [404]),
    }),
    async (request) => one(await services.links.update(actor(request), request.params.id, request.body)),
  );
};
