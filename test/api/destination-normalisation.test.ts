import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';

/** Destinations are stored as browsers read them (WHATWG URL serialisation), so what is shown is what is followed. */
describeEach(STORES)('destination normalisation ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
  });
  afterAll(() => h.close());

  const call = (method: 'POST' | 'PATCH', url: string, payload: object) => h.request({ method, url, token: t.token, payload });

  const CASES = [
    ['https:evil.com', 'https://evil.com/'],
    ['HTTPS://Example.COM:443/a/../b?q=1#top', 'https://example.com/b?q=1#top'],
    ['http://example.com/caf\u00e9', 'http://example.com/caf%C3%A9'],
    ['https://b\u00fccher.example/', 'https://xn--bcher-kva.example/'],
    ['http:\\\\example.com\\path', 'http://example.com/path'],
  ] as const;

  it('stores codes, links, rule destinations and changes normalised, and redirects there', async () => {
    for (const [typed, normal] of CASES) {
      const code = await call('POST', '/api/v1/codes', {
        name: `N ${typed}`,
        url: typed,
        rules: [{ when: { device: ['mobile'] }, destination: typed }],
      });
      expect(code.statusCode, typed).toBe(201);
      expect(code.json().data.destination).toBe(normal);
      expect(code.json().data.rules[0].destination).toBe(normal);
      const link = await call('POST', '/api/v1/links', { url: typed });
      expect(link.json().data.destination).toBe(normal);
      const visit = await h.request({ method: 'GET', url: `/${link.json().data.shortCode}`, headers: { host: 'qrelay.test' } });
      expect(visit.headers.location).toBe(normal);
      const changed = await call('PATCH', `/api/v1/codes/${code.json().data.id}`, { url: typed });
      expect(changed.json().data.destination).toBe(normal);
      const relinked = await call('PATCH', `/api/v1/links/${link.json().data.id}`, { url: typed });
      expect(relinked.json().data.destination).toBe(normal);
    }
  });
});
