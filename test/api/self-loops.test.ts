import { afterAll, beforeAll, expect, it } from 'vitest';
import { ownerOf } from '../support/actors.js';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';
import { OPERATOR } from '../../src/platform/authz/roles.policy.js';

/** A code or link must not forward to one of the service's own short addresses: it could loop for ever. */
describeEach(STORES)('destinations on the service own short host ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
  });
  afterAll(() => h.close());

  const post = (url: string, payload: object) => h.request({ method: 'POST', url, token: t.token, payload });

  it('refuses them for codes, links and rule destinations, naming the field, and writes nothing', async () => {
    const own = 'http://QRELAY.test/abc1234';
    const refused = [
      ['/api/v1/codes', { name: 'Loop', url: own }, 'url'],
      ['/api/v1/links', { url: `${own}/` }, 'url'],
      [
        '/api/v1/codes',
        { name: 'Rule loop', url: 'https://example.com', rules: [{ when: { device: ['mobile'] }, destination: own }] },
        'rules[0].destination',
      ],
    ] as const;
    for (const [path, body, field] of refused) {
      const res = await post(path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toContain(field);
    }
    const codes = (await h.request({ method: 'GET', url: '/api/v1/codes', token: t.token })).json().data;
    const links = (await h.request({ method: 'GET', url: '/api/v1/links', token: t.token })).json().data;
    expect(codes).toEqual([]);
    expect(links).toEqual([]);
  });

  it('allows other pages of the same host and other hosts', async () => {
    expect((await post('/api/v1/links', { url: 'http://qrelay.test/docs/errors' })).statusCode).toBe(201);
    expect((await post('/api/v1/links', { url: 'https://qrelay.test.example.com/abc1234' })).statusCode).toBe(201);
  });

  it('refuses short addresses on any account domain, its own or another, as soon as the domain exists', async () => {
    const first = await h.factory.tenant({ domain: `go-${store.name}.example.test` });
    const code = await h.factory.code(first.account.id, { url: 'https://example.com/start' });
    const patch = (url: string) =>
      h.request({ method: 'PATCH', url: `/api/v1/codes/${code.id}`, token: first.token, payload: { url } });
    const itself = await patch(`http://go-${store.name}.example.test/${code.shortCode}`);
    expect(itself.statusCode).toBe(400);
    expect(itself.json().error.message).toContain('url');
    expect((await patch(`https://GO-${store.name}.example.test:8443/other/`)).statusCode).toBe(400);
    // A domain added after the list was read is refused at once on this instance.
    const second = await h.factory.tenant({ domain: `late-${store.name}.example.test` });
    expect((await patch(`https://late-${store.name}.example.test/xyz1234`)).statusCode).toBe(400);
    const link = await h.request({
      method: 'POST',
      url: '/api/v1/links',
      token: second.token,
      payload: { url: `https://go-${store.name}.example.test/${code.shortCode}` },
    });
    expect(link.statusCode).toBe(400);
    expect((await h.services.catalog.codes.get(ownerOf(first), code.id)).destination).toBe('https://example.com/start');
    expect((await patch(`https://go-${store.name}.example.test/docs/page`)).statusCode).toBe(200);
  });

  it('learns at once of a domain another instance or the CLI added, with no cache to wait out', async () => {
    const t2 = await h.factory.tenant();
    const post = (url: string) => h.request({ method: 'POST', url: '/api/v1/links', token: t2.token, payload: { url } });
    expect((await post('https://example.com/warm')).statusCode).toBe(201);
    const peer = await h.peer();
    try {
      await peer.services.identity.accounts.create(OPERATOR, {
        name: 'Elsewhere',
        plan: 'business',
        domain: `peer-${store.name}.example.test`,
      });
      expect((await post(`https://peer-${store.name}.example.test/abc1234`)).statusCode).toBe(400);
    } finally {
      await peer.close();
    }
  });

  it('refuses every spelling of its own host and every address it answers itself (listening on 127.0.0.1:8080)', async () => {
    const domain = `dot-${store.name}.example.test`;
    const t3 = await h.factory.tenant({ domain });
    const post = (url: string) => h.request({ method: 'POST', url: '/api/v1/links', token: t3.token, payload: { url } });
    for (const url of [
      'http://qrelay.test./abc1234',
      `http://${domain}./abc1234`,
      'http://localhost.:8080/abc1234',
      'http://127.0.0.1:8080/abc1234',
      'http://[::1]:8080/abc1234',
      'http://qrelay.test/f/abc',
      'http://qrelay.test/p/abc',
      'http://qrelay.test/c/abc',
      'http://qrelay.test/01/09506000134352',
      `https://${domain}/01/09506000134352/10/LOT1`,
    ]) {
      const res = await post(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message, url).toContain('url must not be one of this service');
    }
    expect((await post('http://127.0.0.1:9999/abc1234')).statusCode).toBe(201);
    expect((await h.request({ method: 'GET', url: '/api/v1/links', token: t3.token })).json().data).toHaveLength(1);
  });

  it("refuses a GS1 link that leads to its own key's resolver address", async () => {
    const gs1 = await h.factory.tenant();
    const res = await h.request({
      method: 'POST',
      url: '/api/v1/gs1',
      token: gs1.token,
      payload: { key: '01/09506000134369', links: [{ linkType: 'gs1:pip', href: 'http://qrelay.test/01/09506000134369' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('must not be one of this service');
  });
});
