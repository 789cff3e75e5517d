import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ownerOf } from '../support/actors.js';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';

function call(port: number, path: string, method = 'GET', headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers: { host: 'qrelay.test', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? 'x' : undefined);
  });
}

/** Every answer, API and pages, redirects included, tells browsers not to sniff types or send referrers. */
describeEach(STORES)('security headers ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  let port: number;
  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
  });
  afterAll(() => h.close());

  it('are on redirects, pages, API answers and refusals', async () => {
    const live = await h.factory.code(t.account.id);
    const paused = await h.factory.code(t.account.id);
    await h.services.catalog.codes.update(ownerOf(t), paused.id, { status: 'paused' });
    const auth = { authorization: `Bearer ${t.token}` };
    const answers = [
      [`/${live.shortCode}`, 'GET', {}, 302],
      [`/${live.shortCode}`, 'HEAD', {}, 302],
      [`/${paused.shortCode}`, 'GET', {}, 200],
      ['/nothing-here', 'GET', {}, 404],
      ['/api/v1/me', 'GET', auth, 200],
      ['/api/v1/me', 'GET', {}, 401],
      ['/api/v1/codes', 'POST', { ...auth, 'content-type': 'text/plain' }, 415],
      ['/api/v1/openapi.json', 'GET', {}, 200],
      ['/docs/errors', 'GET', {}, 200],
      ['/healthz', 'GET', {}, 200],
    ] as const;
    for (const [path, method, headers, status] of answers) {
      const res = await call(port, path, method, headers);
      expect(res.status, `${method} ${path}`).toBe(status);
      expect(res.headers['x-content-type-options'], `${method} ${path}`).toBe('nosniff');
      expect(res.headers['referrer-policy'], `${method} ${path}`).toBe('no-referrer');
    }
    const page = await call(port, `/${paused.shortCode}`);
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    );
  });
});
