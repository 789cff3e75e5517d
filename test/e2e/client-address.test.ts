import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { MemoryRecorder } from '../support/recorder.js';
import { describeEach, STORES } from '../support/stores.js';

function call(port: number, path: string, headers: Record<string, string>, method = 'GET', body?: string) {
  return new Promise<{ status: number; location?: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Behind a trusted proxy the client is the right-most address the proxies did not add themselves;
 * whatever a client writes on the left of X-Forwarded-For or X-Forwarded-Host is not believed.
 * The redirect fast path and Fastify read them alike.
 */
describeEach(STORES)('client address behind proxies ($name)', (store) => {
  for (const trust of ['1', '127.0.0.1', 'loopback, 10.0.0.0/8']) {
    describe(`TRUST_PROXY=${trust}`, () => {
      let h: Harness;
      let t: Tenant;
      let port: number;
      const recorder = new MemoryRecorder();
      beforeAll(async () => {
        h = await createHarness(store, { env: { TRUST_PROXY: trust }, recorder });
        t = await h.factory.tenant({ domain: `victim-${store.name}.example.net` });
        await h.app.listen({ port: 0, host: '127.0.0.1' });
        port = (h.app.server.address() as AddressInfo).port;
      });
      afterAll(() => h.close());

      it('records the right-most untrusted address on the fast path and on Fastify alike', async () => {
        const code = await h.factory.code(t.account.id, { url: 'https://example.com/a' });
        const gated = await h.factory.code(t.account.id, { url: 'https://example.com/b', gate: { password: 'open sesame' } });
        recorder.clear();
        const headers = { host: 'ignored.example', 'x-forwarded-host': `spoofed.example, ${t.account.domain}` };
        const spoofed = { ...headers, 'x-forwarded-for': '203.0.113.66, 198.51.100.7' };
        const fast = await call(port, `/${code.shortCode}`, spoofed);
        expect(fast.status).toBe(302);
        const unlocked = await call(
          port,
          `/${gated.shortCode}`,
          { ...spoofed, 'content-type': 'application/x-www-form-urlencoded' },
          'POST',
          'password=open+sesame',
        );
        expect(unlocked.status).toBe(303);
        expect(recorder.hits.map((hit) => hit.clientAddress)).toEqual(['198.51.100.7', '198.51.100.7']);
      });

      it('keeps limiting wrong gate passwords whatever a client puts first in X-Forwarded-For', async () => {
        const gated = await h.factory.code(t.account.id, { gate: { password: 'right one' } });
        const statuses: number[] = [];
        for (let i = 0; i < 15; i += 1) {
          const res = await call(
            port,
            `/${gated.shortCode}`,
            {
              host: t.account.domain!,
              'content-type': 'application/x-www-form-urlencoded',
              'x-forwarded-for': `203.0.113.${i}, 198.51.100.8`,
            },
            'POST',
            'password=wrong',
          );
          statuses.push(res.status);
        }
        expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
        expect(statuses.slice(10)).toEqual([429, 429, 429, 429, 429]);
      });
    });
  }

  it('ignores X-Forwarded-For and X-Forwarded-Host from a peer that is not a trusted proxy', async () => {
    const recorder = new MemoryRecorder();
    const h = await createHarness(store, { env: { TRUST_PROXY: '10.0.0.1' }, recorder });
    try {
      const t = await h.factory.tenant({ domain: `other-${store.name}.example.net` });
      const code = await h.factory.code(t.account.id, { url: 'https://example.com/c' });
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (h.app.server.address() as AddressInfo).port;
      const res = await call(port, `/${code.shortCode}`, {
        host: 'qrelay.test',
        'x-forwarded-host': t.account.domain!,
        'x-forwarded-for': '198.51.100.7',
      });
      expect(res.status).toBe(404);
      const ok = await call(port, `/${code.shortCode}`, { host: t.account.domain!, 'x-forwarded-for': '198.51.100.7' });
      expect(ok.status).toBe(302);
      expect(recorder.hits.map((hit) => hit.clientAddress)).toEqual(['127.0.0.1']);
    } finally {
      await h.close();
    }
  });
});
