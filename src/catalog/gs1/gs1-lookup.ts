import type { Gs1Repository } from './store/gs1.repository.js';

/** What the GS1 resolver reads of registered keys: never the repository itself. */
export type Gs1Lookup = Pick<Gs1Repository, 'resolvable'>;
