import type { CodesRepository } from './store/codes.repository.js';

/** What other contexts read of codes (analytics, alerts): never the repository itself. */
export type CodeLookup = Pick<CodesRepository, 'findInAccount' | 'inAccount' | 'inFolder'>;
