import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ApiRoutes } from '../context.js';
import { principalOf } from '../../../guard.js';
import { responses } from '../../../schemas.js';
import { IdParams } from '../codes/schema.js';
import { presentLink } from './presenter.js';
import { CreateLinkBody, LinkListResponse, LinkResponse, ListLinksQuery, UpdateLinkBody } from './schema.js';

const tags = ['links'];

export const linksRoutes: ApiRoutes = async (fastify, { config, services, guard }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const read = guard({ scope: 'links:read', metered: true });
  const write = guard({ scope: 'links:write', metered: true });
  const present = (link: Parameters<typeof presentLink>[0]) => ({ data: presentLink(link, config.publicUrl) });

  app.get(
    '/links',
    {
      onRequest: read,
      schema: {
        operationId: 'listLinks',
        summary: 'List short links, newest first',
        tags,
        querystring: ListLinksQuery,
        response: responses({ 200: LinkListResponse }),
      },
    },
    async (request) => {
      const links = await services.links.list(principalOf(request).account.id, request.query.limit, request.query.offset);
      return { data: links.map((l) => presentLink(l, config.publicUrl)) };
    },
  );

  app.post(
    '/links',
    {
      onRequest: write,
      schema: {
        operationId: 'createLink',
        summary: 'Create a short link',
        description: 'A taken or malformed ending gives 400. Links and codes share one namespace of endings per domain.',
        tags,
        body: CreateLinkBody,
        response: responses({ 201: LinkResponse }),
      },
    },
    async (request, reply) =>
      reply.code(201).send(present(await services.links.create(principalOf(request).account.id, request.body))),
  );

  app.get(
    '/links/:id',
    {
      onRequest: read,
      schema: {
        operationId: 'getLink',
        summary: 'Read a short link',
        tags,
        params: IdParams,
        response: responses({ 200: LinkResponse }, [404]),
      },
    },
    async (request) => present(await services.links.get(principalOf(request).account.id, request.params.id)),
  );

  app.patch(
    '/links/:id',
    {
      onRequest: write,
      schema: {
        operationId: 'updateLink',
        summary: 'Change where a short link forwards',
        tags,
        params: IdParams,
        body: UpdateLinkBody,
        response: responses({ 200: LinkResponse }, [404]),
      },
    },
    async (request) => present(await services.links.update(principalOf(request).account.id, request.params.id, request.body)),
  );
};
