import type { Account } from '../identity/index.js';
import { NotFound } from '../lib/errors.js';
import { OPERATOR, person, type Person } from '../platform/index.js';
import type { Services } from '../services.js';

const PAGE = 100;

/**
 * The account and its owner as the person acting: what the CLI does within one account (an import,
 * a print run) it does as the owner would, so the job is the owner's and meets the rules a person
 * meets. 404 for an unknown account.
 */
export async function actingOwner(services: Services, accountId: string): Promise<{ account: Account; owner: Person }> {
  const account = await services.identity.accounts.get(OPERATOR, accountId);
  // The team is read as any of its people may read it; the owner came with the account, so is on the first page.
  const reader = person(account.id, '', 'member');
  for (let offset = 0; ; offset += PAGE) {
    const users = await services.identity.users.list(reader, { limit: PAGE, offset });
    const owner = users.find((user) => user.role === 'owner');
    if (owner) return { account, owner: person(account.id, owner.id, 'owner') };
    if (users.length < PAGE) throw new NotFound('owner of the account');
  }
}
