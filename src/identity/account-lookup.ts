import type { AccountsRepository } from './store/accounts.repository.js';

/** What other contexts read of accounts (their plan, domains, a row lock): never the repository itself. */
export type AccountLookup = Pick<AccountsRepository, 'findById' | 'findByDomain' | 'lock' | 'domains'>;
