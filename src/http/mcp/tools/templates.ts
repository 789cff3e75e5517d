import {
  CreateTemplateBody,
  DeletedTemplateResponse,
  TemplateListResponse,
  TemplateResponse,
} from '../../api/v1/templates/schema.js';
import { IdParams } from '../../schemas.js';
import { ADD, CHANGE, defineTool, NoInput, READ, toolInput } from '../tool.js';

/** Saved designs: the same service calls and presenter as /api/v1/templates. */
export const templateTools = [
  defineTool({
    name: 'templates_list',
    title: 'List saved designs',
    description: 'Lists saved designs (templates) ordered by name.',
    scope: 'codes:read',
    input: NoInput,
    output: TemplateListResponse,
    annotations: READ,
    async handler(_args, { services, actor, present }) {
      return { data: (await services.templates.list(actor)).map(present.template) };
    },
  }),
  defineTool({
    name: 'templates_create',
    title: 'Save a design',
    description:
      'Saves a design (colours, module and corner styles, logo, error correction, quiet zone, frame) under a name. Applying it to a code (templateId on codes_create or codes_update) copies it.',
    scope: 'codes:write',
    input: toolInput(CreateTemplateBody),
    output: TemplateResponse,
    annotations: ADD,
    async handler(args, { services, actor, present }) {
      return { data: present.template(await services.templates.create(actor, args)) };
    },
  }),
  defineTool({
    name: 'templates_delete',
    title: 'Delete a saved design',
    description: 'Deletes a saved design. Codes that used it keep their copy of the design.',
    scope: 'codes:write',
    input: toolInput(IdParams),
    output: DeletedTemplateResponse,
    annotations: CHANGE,
    async handler({ id }, { services, actor }) {
      await services.templates.delete(actor, id);
      return { data: { id, deleted: true as const } };
    },
  }),
];
