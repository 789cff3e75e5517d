import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';
import type { Tenant } from '../support/factory.js';
import { pathOf as path, visitors, type Visitor } from '../support/visitors.js';

describeEach(STORES)('readable addresses of forms, pages and cards ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  let visitor: () => Visitor;
  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token = t.token) =>
    h.request({ method, url: `/api/v1${url}`, payload, token });

  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
    visitor = () => visitors(h)();
  });
  afterAll(() => h.close());

  it('serves a form, a page and a card at /f, /p and /c followed by their slug, and at their id still', async () => {
    const form = (await api('POST', '/forms', { name: 'Order', slug: 'spring-order', fields: [] })).json().data;
    expect(form).toMatchObject({ slug: 'spring-order', url: 'http://qrelay.test/f/spring-order' });
    const page = (await api('POST', '/pages', { name: 'Menu', slug: 'Menu_2026' })).json().data;
    expect(page.url).toBe('http://qrelay.test/p/Menu_2026');
    const card = (await api('POST', '/cards', { name: 'Ann', fullName: 'Ann Baker', slug: 'ann' })).json().data;
    expect(card.url).toBe('http://qrelay.test/c/ann');
    for (const [content, kind] of [
      [form, 'f'],
      [page, 'p'],
      [card, 'c'],
    ] as const) {
      expect((await visitor().get(path(content.url))).statusCode, content.url).toBe(200);
      expect((await visitor().get(`/${kind}/${content.id}`)).statusCode).toBe(200);
    }
    // Slugs are case-sensitive, like endings, and a slug of another kind is not this kind's.
    expect((await visitor().get('/p/menu_2026')).statusCode).toBe(404);
    expect((await visitor().get('/f/ann')).statusCode).toBe(404);
    expect((await visitor().get('/c/contact.vcf')).statusCode).toBe(404);
    expect((await visitor().get('/c/ann/contact.vcf')).statusCode).toBe(200);
  });

  it('changes or removes a slug: the id keeps working, the old slug stops', async () => {
    const page = (await api('POST', '/pages', { name: 'Offer', slug: 'old-offer' })).json().data;
    const moved = await api('PATCH', `/pages/${page.id}`, { slug: 'new-offer' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.url).toBe('http://qrelay.test/p/new-offer');
    expect((await visitor().get('/p/old-offer')).statusCode).toBe(404);
    expect((await visitor().get('/p/new-offer')).statusCode).toBe(200);
    const cleared = await api('PATCH', `/pages/${page.id}`, { slug: null });
    expect(cleared.json().data).toMatchObject({ slug: null, url: `http://qrelay.test/p/${page.id}` });
    expect((await visitor().get(`/p/${page.id}`)).statusCode).toBe(200);
  });

  it.each([
    ['ab', /^slug must be 3 to 64 characters\.$/],
    ['a b c', /^slug may contain only letters, digits/],
    ['admin', /^slug "admin" is reserved\.$/],
    ['API', /^slug "API" is reserved\.$/],
  ])('refuses the slug %j with a 400 naming the field, storing nothing', async (slug, message) => {
    const before = (await api('GET', '/forms?limit=100')).json().data.length;
    const res = await api('POST', '/forms', { name: 'Bad', slug, fields: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(message) });
    expect((await api('GET', '/forms?limit=100')).json().data.length).toBe(before);
  });

  it('refuses a slug another content of the domain has, even another account’s or another kind’s', async () => {
    await api('POST', '/forms', { name: 'Taken', slug: 'taken', fields: [] });
    const other = await h.factory.tenant();
    for (const [url, body] of [
      ['/forms', { name: 'Mine', slug: 'taken', fields: [] }],
      ['/pages', { name: 'Mine', slug: 'taken' }],
    ] as const) {
      const res = await api('POST', url, body, other.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('slug "taken" is already taken on this domain.');
    }
    const page = (await api('POST', '/pages', { name: 'Later' })).json().data;
    const res = await api('PATCH', `/pages/${page.id}`, { slug: 'taken' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('slug "taken" is already taken on this domain.');
    expect((await api('GET', `/pages/${page.id}`)).json().data.slug).toBeNull();
  });
});
