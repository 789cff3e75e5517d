import { afterAll, beforeAll, expect, it } from 'vitest';
import { ownerOf } from '../support/actors.js';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';

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
    expect((await h.services.codes.get(ownerOf(first), code.id)).destination).toBe('https://example.com/start');
    expect((await patch(`https://go-${store.name}.example.test/docs/page`)).statusCode).toBe(200);
  });

  it('learns of a domain another instance added within a minute', async () => {
    const t2 = await h.factory.tenant();
    const post = (url: string) => h.request({ method: 'POST', url: '/api/v1/links', token: t2.token, payload: { url } });
    expect((await post('https://example.com/warm')).statusCode).toBe(201);
    const peer = await h.peer();
    try {
      await peer.services.accounts.create({ name: 'Elsewhere', plan: 'business', domain: `peer-${store.name}.example.test` });
      h.clock.advance(61_000);
      expect((await post(`https://peer-${store.name}.example.test/abc1234`)).statusCode).toBe(400);
    } finally {
      await peer.close();
    }
  });
});
