import { fromColumns, insertRow, toColumns } from '../../../db/columns.js';
import type { Kysely } from 'kysely';
import type { Schema } from '../../../db/schema.js';
import { updateOwned } from '../../../db/owned.js';
import { withMemberFilters } from '../../campaigns/store/campaigns.filters.js';
import type { MemberFilters } from '../../campaigns/campaigns.types.js';
import { withLifetimeTotals, type WithLifetimeTotal } from '../../codes/store/scan-totals.js';
import type { Link } from '../links.types.js';

const toLink = (row: WithLifetimeTotal<'links'>): Link => ({
  ...fromColumns(row, 'id account_id domain short_code destination created_at updated_at'),
  clicks: Number(row.lifetime_total ?? 0),
});

export class LinksRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insert(link: Link, db: Kysely<Schema> = this.db): Promise<void> {
    await insertRow(db, 'links', {
      ...toColumns(link, 'id accountId domain shortCode destination createdAt updatedAt'),
    });
  }

  async setDestination(link: Link): Promise<void> {
    await updateOwned(this.db, 'links', link, { destination: link.destination, updated_at: link.updatedAt });
  }

  async findInAccount(accountId: string, id: string): Promise<Link | null> {
    const row = await withLifetimeTotals(this.db, 'links')
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row ? toLink(row) : null;
  }

  /** Newest first. */
  async list(accountId: string, limit: number, offset: number, filters: MemberFilters = {}): Promise<Link[]> {
    const query = withLifetimeTotals(this.db, 'links').where('account_id', '=', accountId);
    const rows = await withMemberFilters(query, 'links', 'link', filters)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map(toLink);
  }
}
