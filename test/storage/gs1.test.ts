import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkDigit } from '../../src/catalog/endings/gs1.keys.js';
import { ownerOf } from '../support/actors.js';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeRoles, type RoleWorld } from '../support/roles.js';
import { describeEach, STORES } from '../support/stores.js';

let sequence = 100_000;
/** A fresh valid GTIN-14 on every call. */
const nextGtin = (): string => {
  sequence += 1;
  const body = `0950600${String(sequence).padStart(6, '0')}`;
  return `${body}${checkDigit(body)}`;
};
const PIP = { linkType: 'gs1:pip', href: 'https://brand.example/pip' };

describeEach(STORES)('GS1 service ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
  });
  afterAll(() => h.close());

  it('stores the key in canonical form with its links, the first one the default when none is marked', async () => {
    const gtin = nextGtin();
    const entry = await h.services.catalog.gs1.create(ownerOf(t), {
      key: `/01/${gtin.slice(1)}/10/L%2F1`,
      links: [PIP, { ...PIP, linkType: 'https://gs1.org/voc/recipeInfo', lang: 'FR-ca' }],
    });
    expect(entry.key).toBe(`01/${gtin}/10/L%2F1`);
    expect(entry.links).toEqual([
      {
        linkType: 'gs1:pip',
        href: 'https://brand.example/pip',
        lang: null,
        type: null,
        title: 'Product information',
        isDefault: true,
      },
      {
        linkType: 'gs1:recipeInfo',
        href: 'https://brand.example/pip',
        lang: 'fr-CA',
        type: null,
        title: 'Recipes',
        isDefault: false,
      },
    ]);
    expect(await h.services.catalog.gs1.get(ownerOf(t), entry.id)).toEqual(entry);
  });

  it("refuses a key registered already on the service's host, by any account, without naming it, and writes nothing", async () => {
    const key = `01/${nextGtin()}`;
    await h.services.catalog.gs1.create(ownerOf(t), { key, links: [PIP] });
    const other = await h.factory.tenant();
    await expect(h.services.catalog.gs1.create(ownerOf(other), { key, links: [PIP] })).rejects.toMatchObject({
      code: 'invalid_request',
      message: `key "${key}" is not available.`,
    });
    expect(await h.services.catalog.gs1.list(ownerOf(other), { limit: 100, offset: 0 })).toEqual([]);
  });

  it.each([
    [{ links: [] }, 'at least one link'],
    [
      {
        links: [
          { ...PIP, default: true },
          { ...PIP, href: 'https://b.example/', default: true },
        ],
      },
      'Exactly one link is the default, but 2',
    ],
    [{ links: [{ ...PIP, linkType: 'gs1:nope' }] }, 'links[0].linkType "gs1:nope" is not a GS1 link type'],
    [{ links: [{ ...PIP, linkType: 'gs1:defaultLink' }] }, 'Mark one link with "default": true'],
    [{ links: [{ ...PIP, href: 'javascript:alert(1)' }] }, 'links[0].href must be an http or https address'],
    [{ links: [{ ...PIP, lang: 'english' }] }, 'links[0].lang "english" is not a language tag'],
    [{ links: [{ ...PIP, type: 'html' }] }, 'links[0].type "html" is not a media type'],
    [{ links: [{ ...PIP, type: 'web/page' }] }, 'links[0].type "web/page" is not an IANA media type'],
    [{ links: [PIP, PIP] }, 'links[1] repeats an earlier link'],
  ])('refuses links %j: %s', async (input, message) => {
    const before = (await h.services.catalog.gs1.list(ownerOf(t), { limit: 100, offset: 0 })).length;
    await expect(h.services.catalog.gs1.create(ownerOf(t), { key: `01/${nextGtin()}`, ...input })).rejects.toThrow(message);
    expect((await h.services.catalog.gs1.list(ownerOf(t), { limit: 100, offset: 0 })).length).toBe(before);
  });

  it('replaces the links in one transaction and keeps the key; another account sees 404', async () => {
    const entry = await h.services.catalog.gs1.create(ownerOf(t), { key: `01/${nextGtin()}`, links: [PIP] });
    h.clock.advance(1000);
    const next = await h.services.catalog.gs1.update(ownerOf(t), entry.id, {
      links: [
        { ...PIP, href: 'https://brand.example/new' },
        { linkType: 'gs1:faqs', href: 'https://brand.example/faq', default: true },
      ],
    });
    expect(next.key).toBe(entry.key);
    expect(next.updatedAt).toBe(entry.updatedAt + 1000);
    expect((await h.services.catalog.gs1.get(ownerOf(t), entry.id)).links.map((l) => [l.href, l.isDefault])).toEqual([
      ['https://brand.example/new', false],
      ['https://brand.example/faq', true],
    ]);
    await expect(
      h.services.catalog.gs1.update(ownerOf(t), entry.id, { links: [{ ...PIP, href: 'ftp://x' }] }),
    ).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect((await h.services.catalog.gs1.get(ownerOf(t), entry.id)).links).toHaveLength(2);
    const other = await h.factory.tenant();
    // Each attempt starts only when the one before has settled, so none rejects unobserved.
    for (const attempt of [
      () => h.services.catalog.gs1.get(ownerOf(other), entry.id),
      () => h.services.catalog.gs1.update(ownerOf(other), entry.id, { links: [PIP] }),
      () => h.services.catalog.gs1.delete(ownerOf(other), entry.id),
    ])
      await expect(attempt()).rejects.toMatchObject({ code: 'not_found' });
    await h.services.catalog.gs1.delete(ownerOf(t), entry.id);
    await expect(h.services.catalog.gs1.get(ownerOf(t), entry.id)).rejects.toMatchObject({ code: 'not_found' });
    // The key is free again.
    await h.services.catalog.gs1.create(ownerOf(other), { key: entry.key, links: [PIP] });
  });

  it('lists newest first, paginated', async () => {
    const own = await h.factory.tenant();
    const a = await h.services.catalog.gs1.create(ownerOf(own), { key: `01/${nextGtin()}`, links: [PIP] });
    h.clock.advance(10);
    const b = await h.services.catalog.gs1.create(ownerOf(own), { key: `414/9521321000018/254/${sequence}`, links: [PIP] });
    const list = (limit: number, offset: number) => h.services.catalog.gs1.list(ownerOf(own), { limit, offset });
    expect((await list(10, 0)).map((e) => e.id)).toEqual([b.id, a.id]);
    expect((await list(1, 1)).map((e) => e.id)).toEqual([a.id]);
  });

  const entry = async (w: RoleWorld) => w.h.services.catalog.gs1.create(w.owner, { key: `01/${nextGtin()}`, links: [PIP] });
  describeRoles('GS1 service', store, [
    { operation: 'list', least: 'member', run: (actor, { h }) => h.services.catalog.gs1.list(actor, { limit: 5, offset: 0 }) },
    { operation: 'get', least: 'member', run: async (actor, w) => w.h.services.catalog.gs1.get(actor, (await entry(w)).id) },
    {
      operation: 'create',
      least: 'editor',
      run: (actor, { h }) => h.services.catalog.gs1.create(actor, { key: `01/${nextGtin()}`, links: [PIP] }),
    },
    {
      operation: 'update',
      least: 'editor',
      run: async (actor, w) => w.h.services.catalog.gs1.update(actor, (await entry(w)).id, { links: [PIP] }),
    },
    {
      operation: 'delete',
      least: 'editor',
      run: async (actor, w) => w.h.services.catalog.gs1.delete(actor, (await entry(w)).id),
    },
  ]);
});
