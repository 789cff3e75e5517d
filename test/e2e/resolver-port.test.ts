import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Invalidation } from '../../src/platform/bus/invalidation-bus.js';
import type { Tenant } from '../support/factory.js';
import { actorIn } from '../support/actors.js';
import { createHarness, type Harness, type Peer } from '../support/harness.js';
import { describeEach, STORES, withRedis } from '../support/stores.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function call(
  port: number,
  path: string,
  options: { host: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: { host: options.host, ...options.headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describeEach(STORES)('resolver over a real port ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  let port: number;
  const host = 'qrelay.test';

  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant({ domain: `scan-${store.name}.example.net` });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
  });
  afterAll(() => h.close());

  it('redirects on the custom domain by Host header, and answers paused, archived and unknown', async () => {
    const code = await h.factory.code(t.account.id, { url: 'https://example.com/x' });
    const domain = t.account.domain!;
    const ok = await call(port, `/${code.shortCode}`, { host: domain });
    expect(ok.status).toBe(302);
    expect(ok.headers.location).toBe('https://example.com/x');
    expect(ok.headers['cache-control']).toBe('no-store');
    const head = await call(port, `/${code.shortCode}`, { host: domain, method: 'HEAD' });
    expect(head.status).toBe(302);
    expect((await call(port, `/${code.shortCode}`, { host })).status).toBe(404);
    await h.services.catalog.codes.update(actorIn(t.account.id), code.id, { status: 'paused' });
    const paused = await call(port, `/${code.shortCode}`, { host: domain });
    expect(paused.status).toBe(200);
    expect(paused.body).toContain('temporarily paused');
    await h.services.catalog.codes.archive(actorIn(t.account.id), code.id);
    const archived = await call(port, `/${code.shortCode}`, { host: domain });
    expect(archived.status).toBe(410);
    expect((await call(port, '/nothing-here', { host: domain })).status).toBe(404);
  });

  it('applies rules and passes a gate', async () => {
    const code = await h.factory.code(t.account.id, {
      url: 'https://example.com/default',
      rules: [{ when: { device: ['mobile'] }, destination: 'https://m.example.com/' }],
      gate: { password: 'let me in' },
    });
    const domain = t.account.domain!;
    const form = await call(port, `/${code.shortCode}`, { host: domain });
    expect(form.status).toBe(200);
    expect(form.body).toContain('type="password"');
    const passed = await call(port, `/${code.shortCode}`, {
      host: domain,
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile',
      },
      body: 'password=let+me+in',
    });
    expect(passed.status).toBe(303);
    expect(passed.headers.location).toBe('https://m.example.com/');
    const cookie = String(passed.headers['set-cookie']).split(';')[0]!;
    const again = await call(port, `/${code.shortCode}`, { host: domain, headers: { cookie } });
    expect(again.status).toBe(302);
    expect(again.headers.location).toBe('https://example.com/default');
  });
});

describeEach(withRedis(STORES))('cache invalidation across instances over Redis ($name)', (store) => {
  let h: Harness;
  let peer: Peer;

  beforeAll(async () => {
    h = await createHarness(store, { redis: true });
    peer = await h.peer();
    await Promise.all([h.infra.bus, peer.infra.bus].map((bus) => (bus as { ready?: Promise<void> }).ready));
  });
  afterAll(async () => {
    await peer.close();
    await h.close();
  });

  it('a repoint through one instance takes effect on the other', async () => {
    const t = await h.factory.tenant();
    const code = await h.factory.code(t.account.id, { url: 'https://example.com/before' });
    const onPeer = () => peer.app.inject({ method: 'GET', url: `/${code.shortCode}`, headers: { host: 'qrelay.test' } });
    expect((await onPeer()).headers.location).toBe('https://example.com/before');
    const heard = new Promise<Invalidation>((resolve) => peer.infra.bus.subscribe(resolve));
    await h.services.catalog.codes.update(actorIn(t.account.id), code.id, { url: 'https://example.com/after' });
    expect(await heard).toEqual({ domain: '', shortCode: code.shortCode });
    expect((await onPeer()).headers.location).toBe('https://example.com/after');
  });
});
