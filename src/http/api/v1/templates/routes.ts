import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdParams, responses } from '../../../schemas.js';
import { actor, type ApiRoutes } from '../context.js';
import {
  CreateTemplateBody,
  DeletedTemplateResponse,
  TemplateListResponse,
  TemplateResponse,
  UpdateTemplateBody,
} from './schema.js';
import { declareRoutes } from '../route.js';

const route = declareRoutes(['templates']);
const COPY_NOTE = 'A code that used the design holds its own copy: changing or deleting the template never changes a code.';

export const templatesRoutes: ApiRoutes = async (plugin, { services, guard, present }) => {
  const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
  const read = guard({ scope: 'codes:read', metered: true });
  const write = guard({ scope: 'codes:write', metered: true });

  app.get(
    '/templates',
    route(read, 'listTemplates', 'List saved designs', {
      description: 'Ordered by name, case-insensitively.',
      response: responses({ 200: TemplateListResponse }),
    }),
    async (request) => ({ data: (await services.templates.list(actor(request))).map(present.template) }),
  );

  app.post(
    '/templates',
    route(write, 'createTemplate', 'Save a design', {
      description: 'Apply it to a code with `templateId` on POST /codes or PATCH /codes/{id}: the design is copied.',
      body: CreateTemplateBody,
      response: responses({ 201: TemplateResponse }),
    }),
    async (request, reply) =>
      reply.code(201).send({ data: present.template(await services.templates.create(actor(request), request.body)) }),
  );

  app.get(
    '/templates/:id',
    route(read, 'getTemplate', 'Read a saved design (addition within v1)', {
      params: IdParams,
      response: responses({ 200: TemplateResponse }, [404]),
    }),
    async (request) => ({ data: present.template(await services.templates.get(actor(request), request.params.id)) }),
  );

  app.patch(
    '/templates/:id',
    route(write, 'updateTemplate', 'Rename a saved design or change it (addition within v1)', {
      description: COPY_NOTE,
      params: IdParams,
      body: UpdateTemplateBody,
      response: responses({ 200: TemplateResponse }, [404]),
    }),
    async (request) => ({
      data: present.template(await services.templates.update(actor(request), request.params.id, request.body)),
    }),
  );

  app.delete(
    '/templates/:id',
    route(write, 'deleteTemplate', 'Delete a saved design', {
      description: COPY_NOTE,
      params: IdParams,
      response: responses({ 200: DeletedTemplateResponse }, [404]),
    }),
    async (request) => {
      await services.templates.delete(actor(request), request.params.id);
      return { data: { id: request.params.id, deleted: true as const } };
    },
  );
};
