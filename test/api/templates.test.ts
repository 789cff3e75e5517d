import { afterAll, beforeAll, expect, it } from 'vitest';
import { raster } from '../support/media.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';
import type { Tenant } from '../support/factory.js';

const BRAND = {
  foreground: '#112233',
  moduleStyle: 'dots',
  logo: { url: '', size: 0.2 },
  errorCorrection: 'H',
};

describeEach(STORES)('/templates ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, token = t.token) =>
    h.request({ method, url: `/api/v1${url}`, payload, token });
  const ids = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((x) => x.id);

  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
    BRAND.logo.url = await h.factory.logo(t.account.id);
  });
  afterAll(() => h.close());

  it('saves a design completed from the defaults and reads it back', async () => {
    const res = await call('POST', '/templates', { name: 'Brand', design: BRAND });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(Object.keys(data).sort()).toEqual(['createdAt', 'design', 'id', 'name', 'updatedAt']);
    expect(data.design).toEqual({
      foreground: '#112233',
      background: '#FFFFFF',
      moduleStyle: 'dots',
      cornerStyle: 'square',
      logo: { url: BRAND.logo.url, size: 0.2 },
      errorCorrection: 'H',
      quietZone: 4,
      frame: null,
    });
    expect((await call('GET', `/templates/${data.id}`)).json().data).toEqual(data);
  });

  it('lists by name case-insensitively, ties by id, and only the account’s own', async () => {
    const tenant = await h.factory.tenant();
    const make = async (name: string) => (await call('POST', '/templates', { name, design: {} }, tenant.token)).json().data.id;
    const b = await make('banner');
    const a = await make('Autumn');
    const c1 = await make('Clear');
    const c2 = await make('clear');
    await call('POST', '/templates', { name: 'Elsewhere', design: {} });
    const clears = [c1, c2].sort();
    expect(ids(await call('GET', '/templates', undefined, tenant.token))).toEqual([a, b, ...clears]);
  });

  it('copies the design into a code: editing or deleting the template later changes no code', async () => {
    const template = (await call('POST', '/templates', { name: 'Copy me', design: BRAND })).json().data;
    const created = await call('POST', '/codes', {
      name: 'From template',
      url: 'https://example.com/t',
      templateId: template.id,
    });
    expect(created.statusCode).toBe(201);
    const code = created.json().data;
    expect(code.design).toEqual(template.design);
    const other = (await call('POST', '/codes', { name: 'Patched', url: 'https://example.com/u' })).json().data;
    const patched = await call('PATCH', `/codes/${other.id}`, { templateId: template.id });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data.design).toEqual(template.design);

    const edited = await call('PATCH', `/templates/${template.id}`, {
      name: 'Edited',
      design: { foreground: '#445566', logo: null },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      name: 'Edited',
      design: { foreground: '#445566', logo: null, moduleStyle: 'dots' },
    });
    expect((await call('GET', `/codes/${code.id}`)).json().data.design).toEqual(template.design);
    expect((await call('GET', `/codes/${other.id}`)).json().data.design).toEqual(template.design);

    const deleted = await call('DELETE', `/templates/${template.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual({ id: template.id, deleted: true });
    expect((await call('GET', `/codes/${code.id}`)).json().data).toEqual(code);
    expect((await call('GET', `/codes/${other.id}`)).json().data.design).toEqual(template.design);
    expect((await call('GET', `/templates/${template.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/templates/${template.id}`)).statusCode).toBe(404);
  });

  it('takes the template as the base and lets design fields sent alongside override it', async () => {
    const template = (await call('POST', '/templates', { name: 'Base', design: BRAND })).json().data;
    const res = await call('POST', '/codes', {
      name: 'Override',
      url: 'https://example.com/o',
      templateId: template.id,
      design: { background: '#FFEEDD' },
    });
    expect(res.json().data.design).toEqual({ ...template.design, background: '#FFEEDD' });
    const code = (await call('POST', '/codes', { name: 'Mine', url: 'https://example.com/m', design: { quietZone: 9 } })).json()
      .data;
    const patched = await call('PATCH', `/codes/${code.id}`, { templateId: template.id, design: { cornerStyle: 'dot' } });
    expect(patched.json().data.design).toEqual({ ...template.design, cornerStyle: 'dot' });
  });

  it("gives 404 for another account's template, reading, changing, deleting or applying it, and changes nothing", async () => {
    const other = await h.factory.tenant();
    const design = { ...BRAND, logo: { url: await h.factory.logo(other.account.id), size: 0.2 } };
    const theirs = (await call('POST', '/templates', { name: 'Theirs', design }, other.token)).json().data;
    const code = await h.factory.code(t.account.id);
    const before = (await call('GET', `/codes/${code.id}`)).json().data;
    const before404 = (await call('GET', '/codes?limit=100')).json().data.length;
    for (const res of [
      await call('GET', `/templates/${theirs.id}`),
      await call('PATCH', `/templates/${theirs.id}`, { name: 'Mine now' }),
      await call('DELETE', `/templates/${theirs.id}`),
      await call('POST', '/codes', { name: 'x', url: 'https://example.com/x', templateId: theirs.id }),
      await call('PATCH', `/codes/${code.id}`, { name: 'Renamed', templateId: theirs.id }),
      await call('GET', '/templates/not-an-id'),
      await call('POST', '/codes', { name: 'x', url: 'https://example.com/x', templateId: 'not-an-id' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect((await call('GET', `/codes/${code.id}`)).json().data).toEqual(before);
    expect((await call('GET', '/codes?limit=100')).json().data.length).toBe(before404);
    expect((await call('GET', `/templates/${theirs.id}`, undefined, other.token)).json().data).toEqual(theirs);
  });

  const logo = (url: string, size: number) => ({ logo: { url, size }, errorCorrection: 'H' });
  it.each([
    ['a logo too large', { name: 'x', design: logo('https://example.com/l.png', 0.5) }, 'design.logo.size'],
    ['a logo too small', { name: 'x', design: logo('https://example.com/l.png', 0.01) }, 'design.logo.size'],
    ['a logo address too long', { name: 'x', design: logo(`https://example.com/${'a'.repeat(2100)}`, 0.2) }, 'design.logo.url'],
    [
      'a logo at low error correction',
      { name: 'x', design: { ...logo('https://l.example/l.png', 0.2), errorCorrection: 'M' } },
      'design.errorCorrection',
    ],
    ['no contrast', { name: 'x', design: { foreground: '#FFFFFF' } }, 'design.foreground'],
    ['an unknown design field', { name: 'x', design: { shadow: true } }, 'shadow'],
    ['an unknown field', { name: 'x', design: {}, extra: 1 }, 'extra'],
    ['no design', { name: 'x' }, 'design'],
    ['a blank name', { name: ' ', design: {} }, 'name'],
    ['a long name', { name: 'x'.repeat(101), design: {} }, 'name'],
  ])('refuses %s, naming the field and writing nothing', async (_label, payload, field) => {
    const tenant = await h.factory.tenant();
    const res = await call('POST', '/templates', payload, tenant.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
    expect(res.json().error.message).toContain(field);
    expect((await call('GET', '/templates', undefined, tenant.token)).json().data).toEqual([]);
  });

  it('refuses a logo that is not an image of the account’s media library, naming design.logo.url', async () => {
    const other = await h.factory.tenant();
    const theirs = await h.factory.media(other.account.id, await raster('png', { width: 29 }), 'theirs.png');
    for (const url of ['https://example.com/logo.png', theirs]) {
      const res = await call('POST', '/templates', { name: 'x', design: { logo: { url, size: 0.2 }, errorCorrection: 'H' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
      expect(res.json().error.message).toContain('design.logo.url');
      const accepted = await call('POST', '/templates', {
        name: 'x',
        design: { logo: { url, size: 0.2 }, errorCorrection: 'H' },
        acceptUnscannable: true,
      });
      expect(accepted.statusCode).toBe(400);
    }
  });

  it('refuses a bad change without changing anything', async () => {
    const template = (await call('POST', '/templates', { name: 'Stable', design: BRAND })).json().data;
    for (const payload of [
      { name: 'New', design: { errorCorrection: 'L' } },
      { name: 'New', design: { logo: { url: 'https://example.com/l.png', size: 0.31 } } },
      { name: 'New', colour: 'red' },
    ]) {
      expect((await call('PATCH', `/templates/${template.id}`, payload)).statusCode).toBe(400);
    }
    expect((await call('GET', `/templates/${template.id}`)).json().data).toEqual(template);
  });

  it('needs codes:read to read and codes:write to save or delete', async () => {
    const template = (await call('POST', '/templates', { name: 'Scoped', design: {} })).json().data;
    const reader = await h.factory.token(t.account.id, ['codes:read']);
    const writer = await h.factory.token(t.account.id, ['codes:write']);
    expect((await call('GET', '/templates', undefined, writer)).statusCode).toBe(403);
    expect((await call('GET', `/templates/${template.id}`, undefined, writer)).statusCode).toBe(403);
    expect((await call('POST', '/templates', { name: 'r', design: {} }, reader)).statusCode).toBe(403);
    expect((await call('PATCH', `/templates/${template.id}`, { name: 'r' }, reader)).statusCode).toBe(403);
    expect((await call('DELETE', `/templates/${template.id}`, undefined, reader)).statusCode).toBe(403);
    expect((await call('GET', '/templates', undefined, reader)).statusCode).toBe(200);
    expect((await call('DELETE', `/templates/${template.id}`, undefined, writer)).statusCode).toBe(200);
  });

  it("gives a member's token no write scope, so only editors and up save designs", async () => {
    const member = await h.factory.user(t.account.id, 'member');
    await expect(h.factory.token(t.account.id, ['codes:write'], { userId: member.id })).rejects.toMatchObject({
      code: 'forbidden',
    });
    const editor = await h.factory.user(t.account.id, 'editor');
    const token = await h.factory.token(t.account.id, ['codes:write'], { userId: editor.id });
    expect((await call('POST', '/templates', { name: 'By an editor', design: {} }, token)).statusCode).toBe(201);
  });
});
