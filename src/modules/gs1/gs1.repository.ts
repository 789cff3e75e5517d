import type { Kysely, Selectable } from 'kysely';
import { insertRow, toColumns } from '../../db/columns.js';
import { findOwned } from '../../db/owned.js';
import type { Gs1KeysTable, Gs1LinksTable, Schema } from '../../db/schema.js';
import type { Gs1Entry, Gs1Link } from './gs1.types.js';

const toLink = (row: Selectable<Gs1LinksTable>): Gs1Link => ({
  linkType: row.link_type,
  href: row.href,
  lang: row.lang,
  type: row.media_type,
  title: row.title,
  isDefault: Number(row.is_default) === 1,
});

/** A registered key as the resolver needs it: its links and whether its company may be served. */
export interface ResolvableKey {
  id: string;
  accountId: string;
  key: string;
  accountDomain: string | null;
  accountActive: boolean;
  links: Gs1Link[];
}

export class Gs1Repository {
  constructor(private readonly db: Kysely<Schema>) {}

  /** Throws the store's unique violation when the key is registered already (by any account). */
  async insert(entry: Gs1Entry, db: Kysely<Schema> = this.db): Promise<void> {
    await insertRow(db, 'gs1_keys', toColumns(entry, 'id accountId key primaryAi createdAt updatedAt'));
    await this.insertLinks(entry.id, entry.links, db);
  }

  /** Replaces the key's links (inside the caller's transaction). */
  async replaceLinks(entry: Gs1Entry, db: Kysely<Schema>): Promise<void> {
    await db.deleteFrom('gs1_links').where('key_id', '=', entry.id).execute();
    await this.insertLinks(entry.id, entry.links, db);
    await db.updateTable('gs1_keys').set({ updated_at: entry.updatedAt }).where('id', '=', entry.id).execute();
  }

  private async insertLinks(keyId: string, links: readonly Gs1Link[], db: Kysely<Schema>): Promise<void> {
    if (links.length === 0) return;
    await db
      .insertInto('gs1_links')
      .values(
        links.map((l, position) => ({
          key_id: keyId,
          position,
          link_type: l.linkType,
          href: l.href,
          lang: l.lang,
          media_type: l.type,
          title: l.title,
          is_default: l.isDefault ? 1 : 0,
        })),
      )
      .execute();
  }

  /** Deletes the account's key and its links; false when the account has no such key. */
  async delete(accountId: string, id: string, db: Kysely<Schema>): Promise<boolean> {
    if (!(await findOwned(db, 'gs1_keys', accountId, id))) return false;
    await db.deleteFrom('gs1_links').where('key_id', '=', id).execute();
    await db.deleteFrom('gs1_keys').where('id', '=', id).execute();
    return true;
  }

  async findInAccount(accountId: string, id: string, db: Kysely<Schema> = this.db): Promise<Gs1Entry | null> {
    const [entry] = await this.withLinks(
      await db.selectFrom('gs1_keys').selectAll().where('account_id', '=', accountId).where('id', '=', id).execute(),
      db,
    );
    return entry ?? null;
  }

  /** Newest first. */
  async list(accountId: string, page: { limit: number; offset: number }): Promise<Gs1Entry[]> {
    const rows = await this.db
      .selectFrom('gs1_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return this.withLinks(rows);
  }

  private async withLinks(rows: Selectable<Gs1KeysTable>[], db: Kysely<Schema> = this.db): Promise<Gs1Entry[]> {
    if (rows.length === 0) return [];
    const links = await db
      .selectFrom('gs1_links')
      .selectAll()
      .where(
        'key_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('key_id')
      .orderBy('position')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      accountId: row.account_id,
      key: row.key,
      primaryAi: row.primary_ai,
      links: links.filter((l) => l.key_id === row.id).map(toLink),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    }));
  }

  /** The registered keys among `keys` (the levels of one request), with links and company, in one round trip. */
  async resolvable(keys: readonly string[]): Promise<ResolvableKey[]> {
    if (keys.length === 0) return [];
    const rows = await this.db
      .selectFrom('gs1_keys as k')
      .innerJoin('accounts as a', 'a.id', 'k.account_id')
      .innerJoin('gs1_links as l', 'l.key_id', 'k.id')
      .select(['k.id', 'k.account_id', 'k.key', 'a.domain', 'a.status'])
      .select(['l.key_id', 'l.position', 'l.link_type', 'l.href', 'l.lang', 'l.media_type', 'l.title', 'l.is_default'])
      .where('k.key', 'in', [...keys])
      .orderBy('k.id')
      .orderBy('l.position')
      .execute();
    const found = new Map<string, ResolvableKey>();
    for (const row of rows) {
      let key = found.get(row.id);
      if (!key) {
        key = {
          id: row.id,
          accountId: row.account_id,
          key: row.key,
          accountDomain: row.domain,
          accountActive: row.status === 'active',
          links: [],
        };
        found.set(row.id, key);
      }
      key.links.push(toLink(row));
    }
    return [...found.values()];
  }
}
