import type { FormDocument } from '../../../../modules/forms/form.document.js';
import { contentRoutes, type ContentResource } from '../content/routes.js';
import { contentSchemas } from '../content/schema.js';
import { formCreateProperties, formProperties } from './schema.js';

export const formsResource: ContentResource<FormDocument> = {
  plural: 'forms',
  kind: 'form',
  noun: 'Form',
  schemas: contentSchemas('Form', formProperties, formCreateProperties),
  service: (services) => services.forms as never,
};

export const formsRoutes = contentRoutes(formsResource);
