import { fromColumns, insertRow, toColumns } from '../../../db/columns.js';
import type { Kysely } from 'kysely';
import { chunks } from '../../../db/dialect.js';
import type { Schema } from '../../../db/schema.js';
import { updateOwned } from '../../../db/owned.js';
import { withMemberFilters } from '../../campaigns/store/campaigns.filters.js';
import type { MemberFilters } from '../../campaigns/campaigns.types.js';
import { withLifetimeTotals, type WithLifetimeTotal } from '../../codes/store/scan-totals.js';
import type { Link } from '../links.types.js';

const toLink = (row: WithLifetimeTotal<'links'>): Link => ({
  ...fromColumns(row, 'id account_id domain short_code destination name created_at updated_at'),
  clicks: Number(row.lifetime_total ?? 0),
  imported: row.imported_source === null ? null : { source: row.imported_source, total: Number(row.imported_total ?? 0) },
});

const toRow = (link: Link) => ({
  ...toColumns(link, 'id accountId domain shortCode destination name createdAt updatedAt'),
  imported_source: link.imported?.source ?? null,
  imported_total: link.imported?.total ?? null,
});

export class LinksRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insert(link: Link, db: Kysely<Schema> = this.db): Promise<void> {
    await insertRow(db, 'links', toRow(link));
  }

  async insertMany(links: readonly Link[], db: Kysely<Schema>): Promise<void> {
    for (const part of chunks(links)) await db.insertInto('links').values(part.map(toRow)).execute();
  }

  /** The account's links with these ids (any order; the missing ones left out). */
  async findMany(accountId: string, ids: readonly string[]): Promise<Link[]> {
    if (ids.length === 0) return [];
    const rows = await withLifetimeTotals(this.db, 'links').where('account_id', '=', accountId).where('id', 'in', ids).execute();
    return rows.map(toLink);
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
