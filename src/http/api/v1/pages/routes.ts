import type { PageDocument } from '../../../../modules/pages/page.document.js';
import { contentRoutes } from '../content/routes.js';
import { pageCreateProperties, pageProperties } from './schema.js';

export const pagesRoutes = contentRoutes<PageDocument>({
  plural: 'pages',
  kind: 'page',
  noun: 'Page',
  properties: pageProperties,
  createProperties: pageCreateProperties,
  service: ({ services }) => services.pages as never,
});
