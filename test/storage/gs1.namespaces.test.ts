import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { isUniqueViolation } from '../../src/db/dialect.js';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.js';
import type { Gs1KeysTable } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import { checkDigit } from '../../src/catalog/endings/gs1.keys.js';
import { Gs1Repository } from '../../src/catalog/gs1/store/gs1.repository.js';
import { OPERATOR } from '../../src/platform/authz/roles.policy.js';
import { ownerOf } from '../support/actors.js';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';

const withCheck = (body: string) => `${body}${checkDigit(body)}`;
const PIP = { linkType: 'gs1:pip', href: 'https://brand.example/pip' };
let sequence = 0;
/** A fresh run of `width` digits on every call, so no two keys of a suite meet. */
const next = (width: number): string => {
  sequence += 1;
  return String(sequence).padStart(width, '0');
};
/** A fresh GTIN-13 under the company prefix `prefix` (as GS1 compares it: after the indicator digit). */
const gtinUnder = (prefix: string): string => withCheck(`${prefix}${next(12 - prefix.length)}`);

describeEach(STORES)('GS1 key namespaces and company prefixes ($name)', (store) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(store);
  });
  afterAll(() => h.close());

  const register = (tenant: Tenant, key: string) => h.services.catalog.gs1.create(ownerOf(tenant), { key, links: [PIP] });
  /** The one answer for a key someone else holds: it names neither the holder nor why. */
  const notAvailable = (key: string) => ({ code: 'invalid_request', message: `key "${key}" is not available.` });

  it("gives each custom domain a namespace of its own; the service's host is first come, first served", async () => {
    const key = `01/0${gtinUnder('9506001')}`;
    const first = await h.factory.tenant();
    const late = await h.factory.tenant();
    const brand = await h.factory.tenant({ domain: 'id.brand.example' });
    const shop = await h.factory.tenant({ domain: 'shop.example' });

    expect((await register(first, key)).domain).toBe('');
    expect((await register(brand, key)).domain).toBe('id.brand.example');
    expect((await register(shop, key)).domain).toBe('shop.example');
    const refused = register(late, key);
    await expect(refused).rejects.toMatchObject(notAvailable(key));
    const message = await refused.catch((error: Error) => error.message);
    for (const holder of [first.account.id, first.account.name, brand.account.id]) expect(message).not.toContain(holder);
    await expect(register(brand, key)).rejects.toMatchObject(notAvailable(key));
    expect(await h.services.catalog.gs1.list(ownerOf(late), { limit: 10, offset: 0 })).toEqual([]);
  });

  it("lets only the account a company prefix is assigned to register keys under it on the service's host", async () => {
    const holder = await h.factory.tenant();
    const other = await h.factory.tenant();
    const ownDomain = await h.factory.tenant({ domain: 'id.other-brand.example' });
    expect((await h.services.catalog.gs1.assignPrefix(OPERATOR, holder.account.id, '0614141')).prefix).toMatchObject({
      prefix: '0614141',
      accountId: holder.account.id,
    });
    const under = [
      `01/${withCheck(`614141${next(5)}`)}`, // a GTIN-12 of the U.P.C. company prefix 614141
      `01/${withCheck(`0614141${next(5)}`)}`, // a GTIN-13
      `01/${withCheck(`50614141${next(5)}`)}`, // a GTIN-14 of indicator 5
      `00/${withCheck(`30614141${next(9)}`)}`, // an SSCC: its extension digit, then the prefix
      `414/${withCheck(`0614141${next(5)}`)}`, // a GLN
      `8003/0${withCheck(`0614141${next(5)}`)}S1`, // a GRAI: its leading 0, then the prefix
    ];
    for (const key of under) {
      const canonical = (await register(holder, key)).key;
      await expect(register(other, key), key).rejects.toMatchObject(notAvailable(canonical));
      // An account's own domain is its own namespace: the operator's prefixes rule the service's host only.
      expect((await register(ownDomain, key)).domain).toBe('id.other-brand.example');
    }
    // Not under it: another prefix, a GTIN-8 (no company prefix), a GTIN-14 whose prefix digits start at its indicator.
    for (const key of [`01/${withCheck(`0614142${next(5)}`)}`, '01/96385074', `01/${withCheck(`0614141${next(6)}`)}`])
      expect((await register(other, key)).accountId, key).toBe(other.account.id);
  });

  it('assigns, lists and removes prefixes: validated, never overlapping, counting keys others hold already', async () => {
    const holder = await h.factory.tenant();
    const early = await h.factory.tenant();
    const held = await register(early, `01/${gtinUnder('4012345')}`);

    const assigned = await h.services.catalog.gs1.assignPrefix(OPERATOR, holder.account.id, '4012345');
    expect(assigned.heldByOthers).toBe(1);
    // A key registered before the assignment stays its registrant's.
    expect((await h.services.catalog.gs1.get(ownerOf(early), held.id)).key).toBe(held.key);
    h.clock.advance(1000);
    expect(await h.services.catalog.gs1.assignPrefix(OPERATOR, holder.account.id, '4012345')).toEqual(assigned);

    for (const [prefix, message] of [
      ['4012345', 'overlaps 4012345'],
      ['40123456', 'overlaps 4012345'],
      ['401234', 'overlaps 4012345'],
      ['123', '4 to 12 digits'],
      ['0000012345', 'GTIN-8'],
    ] as const)
      await expect(h.services.catalog.gs1.assignPrefix(OPERATOR, early.account.id, prefix), prefix).rejects.toMatchObject({
        code: 'invalid_request',
        message: expect.stringContaining(message),
      });
    await expect(h.services.catalog.gs1.assignPrefix(OPERATOR, newId(), '4099999')).rejects.toMatchObject({ code: 'not_found' });
    await h.services.catalog.gs1.assignPrefix(OPERATOR, holder.account.id, '4099999');

    expect((await h.services.catalog.gs1.prefixes(OPERATOR, holder.account.id)).map((p) => p.prefix)).toEqual([
      '4012345',
      '4099999',
    ]);
    expect((await h.services.catalog.gs1.prefixes(OPERATOR)).map((p) => p.prefix)).toEqual(
      expect.arrayContaining(['4012345', '4099999']),
    );
    expect(await h.services.catalog.gs1.prefixes(OPERATOR, early.account.id)).toEqual([]);

    const next = `01/0${gtinUnder('4012345')}`;
    await expect(register(early, next)).rejects.toMatchObject(notAvailable(next));
    await h.services.catalog.gs1.removePrefix(OPERATOR, '4012345');
    await register(early, next);
    await expect(h.services.catalog.gs1.removePrefix(OPERATOR, '4012345')).rejects.toMatchObject({ code: 'not_found' });
  });

  it("keeps every key registered before namespaces on the service's host; its owner's custom domain still answers for it", async () => {
    const target = await store.create();
    const database = openDatabase(target.url, { schema: target.schema });
    try {
      await migrateTo(database, '0016_scale_out');
      const account = (id: string, domain: string | null) => ({
        id,
        name: id,
        plan: 'business',
        status: 'active',
        domain,
        monthly_allowance: null,
        rate_per_minute: null,
        max_codes: null,
        created_at: 1,
      });
      const [plain, branded] = [newId(), newId()];
      await database.db
        .insertInto('accounts')
        .values([account(plain, null), account(branded, 'id.brand.example')])
        .execute();
      const keys = [
        { id: newId(), account_id: plain, key: '01/09506000134352', primary_ai: '01', created_at: 1, updated_at: 1 },
        { id: newId(), account_id: branded, key: '01/09506000134376', primary_ai: '01', created_at: 1, updated_at: 1 },
      ];
      // The table as 0016 left it, without the column the schema types now require.
      const before = database.db as unknown as Kysely<{ gs1_keys: Omit<Gs1KeysTable, 'domain'> }>;
      await before.insertInto('gs1_keys').values(keys).execute();
      const link = { position: 0, link_type: 'gs1:pip', href: 'https://b.example/', lang: null, media_type: null };
      await database.db
        .insertInto('gs1_links')
        .values(keys.map((k) => ({ ...link, key_id: k.id, title: 'Product', is_default: 1 })))
        .execute();

      await migrateToLatest(database);
      const rows = await database.db.selectFrom('gs1_keys').select(['id', 'domain']).orderBy('key').execute();
      expect(rows.map((r) => r.domain)).toEqual(['', '']);
      const repo = new Gs1Repository(database.db);
      const found = async (namespace: string) =>
        (await repo.resolvable(['01/09506000134352', '01/09506000134376'], namespace)).map((k) => k.key).sort();
      expect(await found('')).toEqual(['01/09506000134352', '01/09506000134376']);
      expect(await found('id.brand.example')).toEqual(['01/09506000134376']);
      expect(await found('other.example')).toEqual([]);

      // The key is still taken on the service's host, and free on a custom domain.
      const entry = (accountId: string, domain: string) => ({
        id: newId(),
        accountId,
        domain,
        key: '01/09506000134352',
        primaryAi: '01',
        links: [],
        createdAt: 2,
        updatedAt: 2,
      });
      const duplicate = await repo.insert(entry(branded, ''), database.db).catch((error: unknown) => error);
      expect(isUniqueViolation(duplicate)).toBe(true);
      await repo.insert(entry(branded, 'id.brand.example'), database.db);
      expect(await database.db.selectFrom('gs1_prefixes').selectAll().execute()).toEqual([]);
    } finally {
      await database.close();
      await target.drop();
    }
  });
});
