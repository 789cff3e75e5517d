import type { ContentRepository } from './store/content.repository.js';

/** What other contexts read of hosted content (its analytics): never the repository itself. */
export type ContentLookup = Pick<ContentRepository, 'findInAccount'>;
