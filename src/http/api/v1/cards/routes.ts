import type { CardDocument } from '../../../../modules/cards/card.document.js';
import { contentRoutes } from '../content/routes.js';
import { cardCreateProperties, cardProperties } from './schema.js';

export const cardsRoutes = contentRoutes<CardDocument>({
  plural: 'cards',
  kind: 'card',
  noun: 'Card',
  properties: cardProperties,
  createProperties: cardCreateProperties,
  service: ({ services }) => services.cards as never,
});
