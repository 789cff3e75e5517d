import type { Kysely } from 'kysely';
import type { Schema } from '../../../db/schema.js';
import type { Rule } from '../../../catalog/index.js';
import type { Target } from '../resolver.types.js';

/** Reads what an ending resolves to, in one round trip. */
export class ResolverRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async find(domain: string, shortCode: string): Promise<Target | null> {
    const row = await this.db
      .selectFrom('endings as e')
      .innerJoin('codes as c', 'c.id', 'e.target_id')
      .innerJoin('accounts as a', 'a.id', 'e.account_id')
      .select([
        'e.kind',
        'e.target_id',
        'e.account_id',
        'c.status',
        'c.destination',
        'c.rules',
        'c.gate_hash',
        'a.status as account_status',
      ])
      .where('e.domain', '=', domain)
      .where('e.short_code', '=', shortCode)
      .where('e.kind', 'in', ['code', 'link'])
      .executeTakeFirst();
    if (!row) return null;
    return {
      kind: row.kind as Target['kind'],
      id: row.target_id,
      accountId: row.account_id,
      status: row.account_status !== 'active' ? 'unavailable' : (row.status as Target['status']),
      destination: row.destination,
      rules: JSON.parse(row.rules) as Rule[],
      gateHash: row.gate_hash,
    };
  }
}
