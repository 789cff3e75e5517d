import type { PageDocument } from '../../../../modules/pages/page.document.js';
import { contentRoutes, type ContentResource } from '../content/routes.js';
import { contentSchemas } from '../content/schema.js';
import { pageCreateProperties, pageProperties } from './schema.js';

export const pagesResource: ContentResource<PageDocument> = {
  plural: 'pages',
  kind: 'page',
  noun: 'Page',
  schemas: contentSchemas('Page', pageProperties, pageCreateProperties),
  service: (services) => services.pages as never,
};

export const pagesRoutes = contentRoutes(pagesResource);
