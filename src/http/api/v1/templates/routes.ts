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

  const templates = resourceRoutes(app, route, {
    path: '/templates',
    read,
    write,
    present: present.template,
    response: TemplateResponse,
    listResponse: TemplateListResponse,
  });

  templates.list('listTemplates', 'List saved designs', {
    description: 'Ordered by name, case-insensitively.',
    run: (acting) => services.catalog.templates.list(acting),
  });

  templates.create('createTemplate', 'Save a design', {
    description: 'Apply it to a code with `templateId` on POST /codes or PATCH /codes/{id}: the design is copied.',
    body: CreateTemplateBody,
    run: (acting, body) => services.catalog.templates.create(acting, body),
  });

  templates.get('getTemplate', 'Read a saved design (addition within v1)', {
    run: (acting, id) => services.catalog.templates.get(acting, id),
  });

  templates.update('updateTemplate', 'Rename a saved design or change it (addition within v1)', {
    description: COPY_NOTE,
    body: UpdateTemplateBody,
    run: (acting, id, body) => services.catalog.templates.update(acting, id, body),
  });

  templates.remove('deleteTemplate', 'Delete a saved design', {
    description: COPY_NOTE,
    response: DeletedTemplateResponse,
    run: (acting, id) => services.catalog.templates.delete(acting, id),
  });
};
