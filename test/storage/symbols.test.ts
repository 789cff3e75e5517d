import { afterAll, beforeAll, expect, it } from 'vitest';
import { UNDRAWN_LOGO } from '../../src/catalog/symbols/symbol.request.js';
import type { SymbolImage } from '../../src/catalog/symbols/symbols.types.js';
import { OPERATOR, SYSTEM } from '../../src/platform/authz/roles.policy.js';
import { ownerOf } from '../support/actors.js';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeRoles } from '../support/roles.js';
import { describeEach, STORES } from '../support/stores.js';

const SVG = { format: 'svg', size: 256 } as const;

for (const store of STORES) {
  describeRoles('symbols service', store, [
    {
      operation: 'code image',
      least: 'member',
      run: async (actor, { h, tenant }) =>
        h.services.catalog.symbols.codeImage(actor, (await h.factory.code(tenant.account.id)).id, SVG),
    },
    { operation: 'preview', least: 'member', run: (actor, { h }) => h.services.catalog.symbols.preview(actor, 'hello', {}, SVG) },
    { operation: 'check', least: 'member', run: (actor, { h }) => h.services.catalog.symbols.check(actor, 'hello', {}) },
  ]);
}

describeEach(STORES)('symbols service: whose codes and logos ($name)', (store) => {
  let h: Harness;
  let mine: Tenant;
  let theirs: Tenant;
  beforeAll(async () => {
    h = await createHarness(store);
    mine = await h.factory.tenant();
    theirs = await h.factory.tenant();
  });
  afterAll(() => h.close());

  it('answers another account’s code with 404 as every read does, and draws any account’s for the operator and the system', async () => {
    const code = await h.factory.code(theirs.account.id, { name: 'Theirs' });
    await expect(h.services.catalog.codes.get(ownerOf(mine), code.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.services.catalog.symbols.codeImage(ownerOf(mine), code.id, SVG)).rejects.toMatchObject({ code: 'not_found' });
    const own = (await h.services.catalog.symbols.codeImage(ownerOf(theirs), code.id, SVG)) as SymbolImage;
    for (const actor of [OPERATOR, SYSTEM]) {
      const image = (await h.services.catalog.symbols.codeImage(actor, code.id, SVG)) as SymbolImage;
      expect(image.body).toEqual(own.body);
      expect(image.fileName).toBe(own.fileName);
    }
    await expect(h.services.catalog.symbols.codeImage(OPERATOR, 'not-an-id', SVG)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('previews and checks with the actor’s own media library only: another account’s logo is left undrawn', async () => {
    const design = { logo: { url: await h.factory.logo(theirs.account.id), size: 0.2 }, errorCorrection: 'H' as const };
    const drawn = await h.services.catalog.symbols.check(ownerOf(theirs), 'hello', design);
    expect(drawn.findings).not.toContainEqual(UNDRAWN_LOGO);
    const foreign = await h.services.catalog.symbols.check(ownerOf(mine), 'hello', design);
    expect(foreign.findings).toContainEqual(UNDRAWN_LOGO);
    const preview = await h.services.catalog.symbols.preview(ownerOf(mine), 'hello', design, SVG);
    expect(preview.body).not.toContain('<image');
    expect(preview.report.findings).toContainEqual(UNDRAWN_LOGO);
    expect((await h.services.catalog.symbols.preview(ownerOf(theirs), 'hello', design, SVG)).body).toContain('<image');
  });
});
