import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';

describeEach(STORES)('/gs1 ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
  });
  afterAll(() => h.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, token = t.token) =>
    h.request({ method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });

  it('registers a key and its links in one request, as DECISIONS describes', async () => {
    const res = await call('POST', '/gs1', {
      key: '01/9506000134352/10/ABC',
      links: [
        { linkType: 'gs1:pip', href: 'https://brand.example/p', lang: 'en', type: 'text/html', title: 'Product' },
        { linkType: 'gs1:instructions', href: 'https://brand.example/i', default: true },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      id: expect.any(String),
      key: '01/09506000134352/10/ABC',
      url: 'http://qrelay.test/01/09506000134352/10/ABC',
      links: [
        { linkType: 'gs1:pip', href: 'https://brand.example/p', lang: 'en', type: 'text/html', title: 'Product', default: false },
        {
          linkType: 'gs1:instructions',
          href: 'https://brand.example/i',
          lang: null,
          type: null,
          title: 'Instructions',
          default: true,
        },
      ],
      createdAt: '2026-01-15T12:00:00.000Z',
      updatedAt: '2026-01-15T12:00:00.000Z',
    });
    const { id } = res.json().data;
    expect((await call('GET', `/gs1/${id}`)).json().data.key).toBe('01/09506000134352/10/ABC');
    expect((await call('GET', '/gs1?limit=1')).json().data.map((e: { id: string }) => e.id)).toEqual([id]);
    const patched = await call('PATCH', `/gs1/${id}`, { links: [{ linkType: 'gs1:pip', href: 'https://brand.example/q' }] });
    expect(patched.json().data.links).toEqual([expect.objectContaining({ href: 'https://brand.example/q', default: true })]);
    expect((await call('DELETE', `/gs1/${id}`)).json()).toEqual({ data: { id, deleted: true } });
    expect((await call('GET', `/gs1/${id}`)).statusCode).toBe(404);
  });

  it.each([
    ['01/09506000134353', 'GTIN "09506000134353" has a wrong check digit: the last digit should be 2.'],
    ['01/09506000134', 'GTIN must have 8, 12, 13, 14 digits, "09506000134" has 11'],
    ['01/09506000134352/21/S/10/L', 'Qualifier 10 is out of order'],
    ['02/09506000134352', '"02" is not a GS1 primary key'],
  ])('refuses key %s with 400 naming the problem', async (key, message) => {
    const res = await call('POST', '/gs1', { key, links: [{ linkType: 'gs1:pip', href: 'https://b.example/' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_request', message: expect.stringContaining(message) });
  });

  it("answers 400 for a key another account holds on the service's host, without naming it; a custom domain has its own", async () => {
    const links = [{ linkType: 'gs1:pip', href: 'https://b.example/' }];
    await call('POST', '/gs1', { key: '01/4006381333931', links });
    const other = await h.factory.tenant();
    const refused = await call('POST', '/gs1', { key: '01/4006381333931', links }, other.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'invalid_request',
      message: 'key "01/04006381333931" is not available.',
    });
    expect(refused.body).not.toContain(t.account.id);
    const branded = await h.factory.tenant({ domain: 'id.brand.example' });
    const own = await call('POST', '/gs1', { key: '01/4006381333931', links }, branded.token);
    expect(own.statusCode).toBe(201);
    expect(own.json().data.url).toBe('http://id.brand.example/01/04006381333931');
  });

  describe('scopes', () => {
    it('needs gs1:read to read and gs1:write to write; neither implies the other; another account gets 404', async () => {
      const created = await call('POST', '/gs1', {
        key: '01/96385074',
        links: [{ linkType: 'gs1:pip', href: 'https://b.example/' }],
      });
      const { id } = created.json().data;
      const read = await h.factory.token(t.account.id, ['gs1:read']);
      const write = await h.factory.token(t.account.id, ['gs1:write']);
      expect((await call('GET', '/gs1', undefined, read)).statusCode).toBe(200);
      expect((await call('GET', `/gs1/${id}`, undefined, write)).statusCode).toBe(403);
      expect((await call('PATCH', `/gs1/${id}`, { links: [] }, read)).statusCode).toBe(403);
      expect((await call('DELETE', `/gs1/${id}`, undefined, read)).statusCode).toBe(403);
      const other = await h.factory.tenant();
      expect((await call('GET', `/gs1/${id}`, undefined, other.token)).statusCode).toBe(404);
      expect((await call('DELETE', `/gs1/${id}`, undefined, other.token)).statusCode).toBe(404);
    });
  });
});
