import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdParams, responses } from '../../../schemas.js';
import { actor, type ApiRoutes } from '../context.js';
import { CreateGs1Body, DeletedGs1Response, Gs1ListResponse, Gs1Response, ListGs1Query, UpdateGs1Body } from './schema.js';
import { declareRoutes } from '../route.js';

const route = declareRoutes(['gs1']);

export const gs1Routes: ApiRoutes = async (plugin, { services, guard, present }) => {
  const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
  const read = guard({ scope: 'gs1:read', metered: true });
  const write = guard({ scope: 'gs1:write', metered: true });

  app.get(
    '/gs1',
    route(read, 'listGs1Keys', 'List GS1 Digital Links', {
      description: 'The registered GS1 keys, newest first, each with its links.',
      querystring: ListGs1Query,
      response: responses({ 200: Gs1ListResponse }),
    }),
    async (request) => ({ data: (await services.gs1.list(actor(request), request.query)).map(present.gs1) }),
  );

  app.post(
    '/gs1',
    route(write, 'createGs1Key', 'Register a GS1 key and its links', {
      description:
        'The key is validated (lengths, check digits, qualifier order, characters) and stored in canonical form; a key is registered once on the service. Exactly one link is the default.',
      body: CreateGs1Body,
      response: responses({ 201: Gs1Response }),
    }),
    async (request, reply) =>
      reply.code(201).send({ data: present.gs1(await services.gs1.create(actor(request), request.body)) }),
  );

  app.get(
    '/gs1/:id',
    route(read, 'getGs1Key', 'Read a GS1 key and what it resolves to', {
      params: IdParams,
      response: responses({ 200: Gs1Response }, [404]),
    }),
    async (request) => ({ data: present.gs1(await services.gs1.get(actor(request), request.params.id)) }),
  );

  app.patch(
    '/gs1/:id',
    route(write, 'updateGs1Key', "Replace a GS1 key's links", {
      params: IdParams,
      body: UpdateGs1Body,
      response: responses({ 200: Gs1Response }, [404]),
    }),
    async (request) => ({ data: present.gs1(await services.gs1.update(actor(request), request.params.id, request.body)) }),
  );

  app.delete(
    '/gs1/:id',
    route(write, 'deleteGs1Key', 'Delete a GS1 key and its links', {
      description: 'Its Digital Link URI stops resolving (404). Its recorded events stay.',
      params: IdParams,
      response: responses({ 200: DeletedGs1Response }, [404]),
    }),
    async (request) => {
      await services.gs1.delete(actor(request), request.params.id);
      return { data: { id: request.params.id, deleted: true as const } };
    },
  );
};
