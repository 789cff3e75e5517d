import type { ApiRoutes } from '../context.js';
import {
  CreateTemplateBody,
  DeletedTemplateResponse,
  TemplateListResponse,
  TemplateResponse,
  UpdateTemplateBody,
} from './schema.js';
import { declareRoutes } from '../route.js';
import { resourceRoutes } from '../resource.js';

const route = declareRoutes(['templates']);
const COPY_NOTE = 'A code that used the design holds its own copy: changing or deleting the template never changes a code.';

export const templatesRoutes: ApiRoutes = async (app, { services, guard, present }) => {
  const read = guard({ scope: 'codes:read', metered: true });
  const write = guard({ scope: 'codes:write', metered: true });

  const templates = resourceRoutes(app, route, { path: '/templates', read, write });

  templates.list('listTemplates', 'List saved designs', {
    description: 'Ordered by name, case-insensitively.',
    response: TemplateListResponse,
    run: async (acting) => (await services.templates.list(acting)).map(present.template),
  });

  templates.create('createTemplate', 'Save a design', {
    description: 'Apply it to a code with `templateId` on POST /codes or PATCH /codes/{id}: the design is copied.',
    body: CreateTemplateBody,
    response: TemplateResponse,
    run: async (acting, body) => present.template(await services.templates.create(acting, body)),
  });

  templates.get('getTemplate', 'Read a saved design (addition within v1)', {
    response: TemplateResponse,
    run: async (acting, id) => present.template(await services.templates.get(acting, id)),
  });

  templates.update('updateTemplate', 'Rename a saved design or change it (addition within v1)', {
    description: COPY_NOTE,
    body: UpdateTemplateBody,
    response: TemplateResponse,
    run: async (acting, id, body) => present.template(await services.templates.update(acting, id, body)),
  });

  templates.remove('deleteTemplate', 'Delete a saved design', {
    description: COPY_NOTE,
    response: DeletedTemplateResponse,
    run: (acting, id) => services.templates.delete(acting, id),
  });
};
