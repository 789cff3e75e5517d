import type { Kysely, Selectable } from 'kysely';
import { fromColumns, insertRow, toColumns } from '../../../db/columns.js';
import { findOwned } from '../../../db/owned.js';
import type { Gs1KeysTable, Gs1LinksTable, Schema } from '../../../db/schema.js';
import { domainKey } from '../../endings/endings.js';
import type { Gs1Entry, Gs1Link, Gs1Prefix } from '../gs1.types.js';

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
  /** The namespace it is registered in ('' for the service's own host). */
  domain: string;
  accountActive: boolean;
  links: Gs1Link[];
}

export class Gs1Repository {
  constructor(private readonly db: Kysely<Schema>) {}

  /** Throws the store's unique violation when the key is registered already in its namespace. */
  async insert(entry: Gs1Entry, db: Kysely<Schema> = this.db): Promise<void> {
    await insertRow(db, 'gs1_keys', toColumns(entry, 'id accountId domain key primaryAi createdAt updatedAt'));
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
      domain: row.domain,
      key: row.key,
      primaryAi: row.primary_ai,
      links: links.filter((l) => l.key_id === row.id).map(toLink),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    }));
  }

  /**
   * The registered keys among `keys` (the levels of one request) that answer in `namespace`, with links
   * and company, in one round trip. On a custom domain that is the domain's keys and its account's keys
   * on the service's host (registered before keys had namespaces), so a key may come back twice.
   */
  async resolvable(keys: readonly string[], namespace: string): Promise<ResolvableKey[]> {
    if (keys.length === 0) return [];
    const rows = await this.db
      .selectFrom('gs1_keys as k')
      .innerJoin('accounts as a', 'a.id', 'k.account_id')
      .innerJoin('gs1_links as l', 'l.key_id', 'k.id')
      .select(['k.id', 'k.account_id', 'k.key', 'k.domain', 'a.status'])
      .select(['l.key_id', 'l.position', 'l.link_type', 'l.href', 'l.lang', 'l.media_type', 'l.title', 'l.is_default'])
      .where('k.key', 'in', [...keys])
      .where(namespace === '' ? 'k.domain' : 'a.domain', '=', namespace)
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
          domain: row.domain,
          accountActive: row.status === 'active',
          links: [],
        };
        found.set(row.id, key);
      }
      key.links.push(toLink(row));
    }
    return [...found.values()];
  }

  /** The namespace the account registers keys in (its custom domain, else the service's host), or null when there is no such account. */
  async namespaceOfAccount(accountId: string, db: Kysely<Schema> = this.db): Promise<string | null> {
    const row = await db.selectFrom('accounts').select('domain').where('id', '=', accountId).executeTakeFirst();
    return row ? domainKey(row.domain) : null;
  }

  /** The assignments among `prefixes` (the candidates of one key). */
  async prefixesAmong(prefixes: readonly string[], db: Kysely<Schema> = this.db): Promise<Gs1Prefix[]> {
    if (prefixes.length === 0) return [];
    const rows = await db
      .selectFrom('gs1_prefixes')
      .selectAll()
      .where('prefix', 'in', [...prefixes])
      .execute();
    return rows.map(toPrefix);
  }

  /** Every assignment, or one account's, by prefix. */
  async prefixes(accountId?: string, db: Kysely<Schema> = this.db): Promise<Gs1Prefix[]> {
    let query = db.selectFrom('gs1_prefixes').selectAll().orderBy('prefix');
    if (accountId !== undefined) query = query.where('account_id', '=', accountId);
    return (await query.execute()).map(toPrefix);
  }

  async assignPrefix(prefix: Gs1Prefix, db: Kysely<Schema>): Promise<void> {
    await insertRow(db, 'gs1_prefixes', toColumns(prefix, 'prefix accountId createdAt'));
  }

  /** False when the prefix was not assigned. */
  async removePrefix(prefix: string, db: Kysely<Schema>): Promise<boolean> {
    const result = await db.deleteFrom('gs1_prefixes').where('prefix', '=', prefix).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** How many keys on the service's host matching `patterns` (LIKE) other accounts than `accountId` hold. */
  async countHeldByOthers(accountId: string, patterns: readonly string[], db: Kysely<Schema> = this.db): Promise<number> {
    const row = await db
      .selectFrom('gs1_keys')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('domain', '=', '')
      .where('account_id', '!=', accountId)
      .where((eb) => eb.or(patterns.map((p) => eb('key', 'like', p))))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

const toPrefix = (row: Selectable<Schema['gs1_prefixes']>): Gs1Prefix => ({
  ...fromColumns(row, 'prefix account_id'),
  createdAt: Number(row.created_at),
});
