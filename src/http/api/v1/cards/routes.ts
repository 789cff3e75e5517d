import type { CardDocument } from '../../../../modules/cards/card.document.js';
import { contentRoutes, type ContentResource } from '../content/routes.js';
import { contentSchemas } from '../content/schema.js';
import { cardCreateProperties, cardProperties } from './schema.js';

export const cardsResource: ContentResource<CardDocument> = {
  plural: 'cards',
  kind: 'card',
  noun: 'Card',
  schemas: contentSchemas('Card', cardProperties, cardCreateProperties),
  service: (services) => services.cards as never,
};

export const cardsRoutes = contentRoutes(cardsResource);
