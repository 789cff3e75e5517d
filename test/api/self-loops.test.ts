import { afterAll, beforeAll, expect, it } from 'vitest';
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
});
