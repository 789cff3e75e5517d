import type { TProperties } from '@sinclair/typebox';
import type { CardDocument, FormDocument, PageDocument } from '../../../../content/index.js';
import { cardCreateProperties, cardProperties } from '../cards/schema.js';
import { formCreateProperties, formProperties } from '../forms/schema.js';
import { pageCreateProperties, pageProperties } from '../pages/schema.js';
import { contentRoutes, type ContentResource } from './routes.js';
import { contentSchemas } from './schema.js';

function resource<D>(
  kind: ContentResource<D>['kind'],
  plural: ContentResource<D>['plural'],
  noun: string,
  properties: TProperties,
  createProperties: TProperties,
): ContentResource<D> {
  return {
    kind,
    plural,
    noun,
    schemas: contentSchemas(noun, properties, createProperties),
    service: (services) => services.content[plural] as never,
  };
}

/** The three kinds of hosted content over REST and MCP: each its own path, scopes, schemas and service. */
export const formsResource = resource<FormDocument>('form', 'forms', 'Form', formProperties, formCreateProperties);
export const pagesResource = resource<PageDocument>('page', 'pages', 'Page', pageProperties, pageCreateProperties);
export const cardsResource = resource<CardDocument>('card', 'cards', 'Card', cardProperties, cardCreateProperties);

export const formsRoutes = contentRoutes(formsResource);
export const pagesRoutes = contentRoutes(pagesResource);
export const cardsRoutes = contentRoutes(cardsResource);
