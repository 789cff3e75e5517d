import type { FormDocument } from '../../../../modules/forms/form.document.js';
import { contentRoutes } from '../content/routes.js';
import { formCreateProperties, formProperties } from './schema.js';

export const formsRoutes = contentRoutes<FormDocument>({
  plural: 'forms',
  kind: 'form',
  noun: 'Form',
  properties: formProperties,
  createProperties: formCreateProperties,
  service: ({ services }) => services.forms as never,
});
