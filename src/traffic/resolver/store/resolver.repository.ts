import type { Kysely } from 'kysely';
import type { Schema } from '../../../db/schema.js';
import type { Preview, Rule, Utm } from '../../../catalog/index.js';
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
        'c.expires_at',
        'c.max_scans',
        'c.expired_url',
        'c.utm',
        'c.preview',
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
      expiry: {
        expiresAt: row.expires_at === null ? null : Number(row.expires_at),
        maxScans: row.max_scans === null ? null : Number(row.max_scans),
        expiredUrl: row.expired_url,
      },
      utm: row.utm === null ? null : (JSON.parse(row.utm) as Utm),
      preview: row.preview === null ? null : (JSON.parse(row.preview) as Preview),
    };
  }

  /**
   * Takes one counted visit against the target's limit: true while it had one left. One conditional
   * update, so concurrent visits on any number of instances never take more than the limit.
   */
  async takeUse(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('codes')
      .set((eb) => ({ uses: eb('uses', '+', 1) }))
      .where('id', '=', id)
      .where((eb) => eb('max_scans', 'is not', null).and('uses', '<', eb.ref('max_scans')))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Whether the target still has a counted visit left (for a visit that is not counted). */
  async hasUseLeft(id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('codes')
      .select('id')
      .where('id', '=', id)
      .where((eb) => eb.or([eb('max_scans', 'is', null), eb('uses', '<', eb.ref('max_scans'))]))
      .executeTakeFirst();
    return row !== undefined;
  }
}
