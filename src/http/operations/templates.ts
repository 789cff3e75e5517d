import * as schema from '../api/v1/templates/schema.js';
import { IdParams } from '../schemas.js';
import { operation } from './operation.js';

const tag = 'templates';
const COPY_NOTE = 'A code that used the design holds its own copy: changing or deleting the template never changes a code.';

/** Saved designs: /api/v1/templates and the templates_* tools. */
export const TEMPLATES = [
  operation({
    id: 'listTemplates',
    tool: 'templates_list',
    summary: 'List saved designs',
    description: 'Lists saved designs (templates) ordered by name, case-insensitively.',
    tag,
    scope: 'codes:read',
    kind: 'read',
    http: 'GET /templates',
    output: schema.TemplateListResponse,
    run: async (actor, _input, { services, present }) => (await services.catalog.templates.list(actor)).map(present.template),
  }),
  operation({
    id: 'createTemplate',
    tool: 'templates_create',
    summary: 'Save a design',
    description:
      'Saves a design (colours, module and corner styles, logo, error correction, quiet zone, frame) under a name. Applying it to a code (`templateId` on POST /codes or PATCH /codes/{id}; codes_create or codes_update) copies it.',
    tag,
    scope: 'codes:write',
    kind: 'add',
    http: 'POST /templates',
    body: schema.CreateTemplateBody,
    output: schema.TemplateResponse,
    run: async (actor, body, { services, present }) => present.template(await services.catalog.templates.create(actor, body)),
  }),
  operation({
    id: 'getTemplate',
    summary: 'Read a saved design',
    addedInV1: true,
    description: 'Reads one saved design by id.',
    tag,
    scope: 'codes:read',
    kind: 'read',
    http: 'GET /templates/:id',
    params: IdParams,
    output: schema.TemplateResponse,
    run: async (actor, { id }, { services, present }) => present.template(await services.catalog.templates.get(actor, id)),
  }),
  operation({
    id: 'updateTemplate',
    summary: 'Rename a saved design or change it',
    addedInV1: true,
    description: COPY_NOTE,
    tag,
    scope: 'codes:write',
    kind: 'change',
    http: 'PATCH /templates/:id',
    params: IdParams,
    body: schema.UpdateTemplateBody,
    output: schema.TemplateResponse,
    run: async (actor, { id, ...changes }, { services, present }) =>
      present.template(await services.catalog.templates.update(actor, id, changes)),
  }),
  operation({
    id: 'deleteTemplate',
    tool: 'templates_delete',
    summary: 'Delete a saved design',
    description: `Deletes a saved design. ${COPY_NOTE}`,
    tag,
    scope: 'codes:write',
    kind: 'remove',
    http: 'DELETE /templates/:id',
    params: IdParams,
    output: schema.DeletedTemplateResponse,
    run: (actor, { id }, { services }) => services.catalog.templates.delete(actor, id),
  }),
];
