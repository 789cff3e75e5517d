import type { Kysely, Selectable } from 'kysely';
import type { ContentsTable, Schema } from '../../../db/schema.js';
import { forgetMember } from '../../../catalog/index.js';
import type { Content, ContentKind, ContentStatus } from '../content.types.js';

const toContent = <D>(row: Selectable<ContentsTable>): Content<D> => ({
  id: row.id,
  accountId: row.account_id,
  kind: row.kind as ContentKind,
  name: row.name,
  status: row.status as ContentStatus,
  domain: row.domain,
  slug: row.slug,
  document: JSON.parse(row.document) as D,
  retentionDays: row.retention_days === null ? null : Number(row.retention_days),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

/** The columns a content's changeable fields are written to. */
const changeable = <D>(content: Content<D>) => ({
  name: content.name,
  status: content.status,
  slug: content.slug,
  document: JSON.stringify(content.document),
  retention_days: content.retentionDays,
  updated_at: content.updatedAt,
});

/** Forms, pages and cards: one table, one shape, told apart by `kind`. */
export class ContentRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insert<D>(content: Content<D>): Promise<void> {
    const { id, kind, domain, accountId: account_id, createdAt: created_at } = content;
    await this.db
      .insertInto('contents')
      .values({ id, kind, domain, account_id, created_at, ...changeable(content) })
      .execute();
  }

  async update<D>(content: Content<D>): Promise<void> {
    const { id, accountId } = content;
    await this.db
      .updateTable('contents')
      .set(changeable(content))
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .execute();
  }

  /** The account's content of a kind, to narrow down. */
  private ofKind(accountId: string, kind: ContentKind, db: Kysely<Schema> = this.db) {
    return db.selectFrom('contents').where('account_id', '=', accountId).where('kind', '=', kind);
  }

  async findInAccount<D>(accountId: string, kind: ContentKind, id: string): Promise<Content<D> | null> {
    const row = await this.ofKind(accountId, kind).selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toContent<D>(row) : null;
  }

  /** Any account's content of this kind: the public pages look it up by id alone. */
  async find<D>(kind: ContentKind, id: string): Promise<Content<D> | null> {
    const row = await this.db.selectFrom('contents').selectAll().where('kind', '=', kind).where('id', '=', id).executeTakeFirst();
    return row ? toContent<D>(row) : null;
  }

  /** The content of this kind with this slug on a domain ('' the service's own), whatever its account. */
  async findBySlug<D>(kind: ContentKind, domain: string, slug: string): Promise<Content<D> | null> {
    const row = await this.db
      .selectFrom('contents')
      .selectAll()
      .where('kind', '=', kind)
      .where('domain', '=', domain)
      .where('slug', '=', slug)
      .executeTakeFirst();
    return row ? toContent<D>(row) : null;
  }

  /** Newest first. */
  async list<D>(accountId: string, kind: ContentKind, limit: number, offset: number): Promise<Content<D>[]> {
    const rows = await this.ofKind(accountId, kind).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
    return rows.map((row) => toContent<D>(row));
  }

  /** Deletes the content, every reply sent through it, its campaign membership and tags, in one transaction; whether it existed. */
  async delete(accountId: string, kind: ContentKind, id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const found = await this.ofKind(accountId, kind, trx).select('id').where('id', '=', id).executeTakeFirst();
      if (!found) return false;
      await trx.deleteFrom('submissions').where('content_id', '=', id).execute();
      await forgetMember(trx, accountId, { type: kind, id });
      await trx.deleteFrom('contents').where('id', '=', id).execute();
      return true;
    });
  }
}
