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
      .leftJoin('codes as c', (j) => j.onRef('c.id', '=', 'e.target_id').on('e.kind', '=', 'code'))
      .leftJoin('links as l', (j) => j.onRef('l.id', '=', 'e.target_id').on('e.kind', '=', 'link'))
      .innerJoin('accounts as a', 'a.id', 'e.account_id')
      .select([
        'e.kind',
        'e.target_id',
        'e.account_id',
        'c.status',
        'c.destination as code_destination',
        'c.rules',
        'c.gate_hash',
        'l.destination as link_destination',
        'a.status as account_status',
      ])
      .where('e.domain', '=', domain)
      .where('e.short_code', '=', shortCode)
      .executeTakeFirst();
    if (!row) return null;
    const suspended = row.account_status !== 'active';
    if (row.kind === 'link') {
      if (row.link_destination == null) return null;
      return {
        kind: 'link',
        id: row.target_id,
        accountId: row.account_id,
        status: suspended ? 'unavailable' : 'active',
        destination: row.link_destination,
        rules: [],
        gateHash: null,
      };
    }
    if (row.code_destination == null || row.status == null) return null;
    return {
      kind: 'code',
      id: row.target_id,
      accountId: row.account_id,
      status: suspended ? 'unavailable' : (row.status as Target['status']),
      destination: row.code_destination,
      rules: JSON.parse(row.rules ?? '[]') as Rule[],
      gateHash: row.gate_hash ?? null,
    };
  }
}
