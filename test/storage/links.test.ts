import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { CodesRepository } from '../../src/catalog/codes/store/codes.repository.js';
import { DEFAULT_DESIGN } from '../../src/catalog/designs/design.schema.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.js';
import { newId } from '../../src/lib/ids.js';
import { ResolverRepository } from '../../src/traffic/resolver/store/resolver.repository.js';
import { describeEach, STORES } from '../support/stores.js';
import { describeRoles } from '../support/roles.js';

for (const store of STORES) {
  describeRoles('links service', store, [
    { operation: 'list', least: 'member', run: (actor, { h }) => h.services.catalog.links.list(actor, { limit: 10, offset: 0 }) },
    {
      operation: 'get',
      least: 'member',
      run: async (actor, { h, tenant }) => h.services.catalog.links.get(actor, (await h.factory.link(tenant.account.id)).id),
    },
    {
      operation: 'create',
      least: 'editor',
      run: (actor, { h }) => h.services.catalog.links.create(actor, { url: 'https://example.com/l' }),
    },
    {
      operation: 'update',
      least: 'editor',
      run: async (actor, { h, tenant }) =>
        h.services.catalog.links.update(actor, (await h.factory.link(tenant.account.id)).id, {
          url: 'https://example.com/moved',
        }),
    },
  ]);
}

describeEach(STORES)('short links moved into codes ($name)', (store) => {
  it('keeps every link made before, with its ending, name and imported total, as a link that resolves', async () => {
    const target = await store.create();
    const database = openDatabase(target.url, { schema: target.schema });
    try {
      await migrateTo(database, '0020_imported_links');
      // The tables as 0020 left them (the schema types now describe `codes` with links in it).
      const old = database.db as unknown as Kysely<Record<'accounts' | 'links' | 'endings', Record<string, unknown>>>;
      const accountId = newId();
      await old
        .insertInto('accounts')
        .values({ id: accountId, name: 'A', plan: 'business', status: 'active', domain: null, created_at: 1 })
        .execute();
      const named = { id: newId(), short_code: 'spring', name: 'Spring sale', imported_source: 'bitly', imported_total: 42 };
      const plain = { id: newId(), short_code: 'plain1', name: null, imported_source: null, imported_total: null };
      for (const link of [named, plain]) {
        await old
          .insertInto('links')
          .values({
            ...link,
            account_id: accountId,
            domain: '',
            destination: `https://example.com/${link.short_code}`,
            created_at: 1,
            updated_at: 2,
          })
          .execute();
        await old
          .insertInto('endings')
          .values({
            domain: '',
            short_code: link.short_code,
            kind: 'link',
            target_id: link.id,
            account_id: accountId,
            created_at: 1,
          })
          .execute();
      }

      await migrateToLatest(database);

      const links = new CodesRepository(database.db, 'link');
      const moved = await links.findInAccount(accountId, named.id);
      expect(moved).toMatchObject({
        kind: 'link',
        name: 'Spring sale',
        mode: 'dynamic',
        status: 'active',
        shortCode: 'spring',
        destination: 'https://example.com/spring',
        design: DEFAULT_DESIGN,
        rules: [],
        gateHash: null,
        folderId: null,
        imported: { source: 'bitly', total: 42 },
        createdAt: 1,
        updatedAt: 2,
      });
      expect((await links.findInAccount(accountId, plain.id))?.name).toBe('');
      // A link is never a code: not read, listed or counted as one.
      const codes = new CodesRepository(database.db, 'code');
      expect(await codes.findInAccount(accountId, named.id)).toBeNull();
      expect(await codes.countLive(accountId)).toBe(0);
      expect((await links.list(accountId, { limit: 10, offset: 0 })).map((l) => l.id).sort()).toEqual(
        [named.id, plain.id].sort(),
      );
      expect(await new ResolverRepository(database.db).find('', 'spring')).toMatchObject({
        kind: 'link',
        id: named.id,
        status: 'active',
        destination: 'https://example.com/spring',
      });
    } finally {
      await database.close();
      await target.drop();
    }
  });
});
