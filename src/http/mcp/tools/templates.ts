import {
  CreateTemplateBody,
  DeletedTemplateResponse,
  TemplateListResponse,
  TemplateResponse,
} from '../../api/v1/templates/schema.js';
import { IdParams } from '../../schemas.js';
import { resourceTools } from '../tool.js';

const tool = resourceTools('codes:read', 'codes:write');

/** Saved designs: the same service calls and presenter as /api/v1/templates. */
export const templateTools = [
  tool.read('templates_list', 'List saved designs', [], TemplateListResponse, {
    description: 'Lists saved designs (templates) ordered by name.',
    run: async (_args, { services, actor, present }) => (await services.catalog.templates.list(actor)).map(present.template),
  }),
  tool.add('templates_create', 'Save a design', [CreateTemplateBody], TemplateResponse, {
    description:
      'Saves a design (colours, module and corner styles, logo, error correction, quiet zone, frame) under a name. Applying it to a code (templateId on codes_create or codes_update) copies it.',
    run: async (args, { services, actor, present }) => present.template(await services.catalog.templates.create(actor, args)),
  }),
  tool.remove('templates_delete', 'Delete a saved design', [IdParams], DeletedTemplateResponse, {
    description: 'Deletes a saved design. Codes that used it keep their copy of the design.',
    run: ({ id }, { services, actor }) => services.catalog.templates.delete(actor, id),
  }),
];
