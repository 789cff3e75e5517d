import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Tenant } from '../support/factory.js';
import { actorIn } from '../support/actors.js';
import { createHarness, type Harness } from '../support/harness.js';
import { MemoryRecorder } from '../support/recorder.js';
import { describeEach, STORES } from '../support/stores.js';
import { OPERATOR } from '../../src/platform/authz/roles.policy.js';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36';

describeEach(STORES)('resolver ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  const recorder = new MemoryRecorder();
  const visit = (path: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    h.request({ method, url: path, headers: { host: 'qrelay.test', ...headers } });

  beforeAll(async () => {
    h = await createHarness(store, { recorder });
    t = await h.factory.tenant();
  });
  beforeEach(() => recorder.clear());
  afterAll(() => h.close());

  it('redirects an active code with 302, Location and no-store, and records one hit', async () => {
    const code = await h.factory.code(t.account.id, { url: 'https://example.com/menu' });
    const res = await visit(`/${code.shortCode}?p=%20table%207%20`, {
      'user-agent': IPHONE,
      'accept-language': 'fr',
      'cf-ipcountry': 'FR',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://example.com/menu');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(recorder.hits).toHaveLength(1);
    expect(recorder.hits[0]).toMatchObject({
      kind: 'code',
      targetId: code.id,
      accountId: t.account.id,
      method: 'GET',
      userAgent: IPHONE,
      acceptLanguage: 'fr',
      placement: 'table 7',
      headers: expect.objectContaining({ 'cf-ipcountry': 'FR' }),
      at: h.clock.now(),
    });
  });

  it('redirects HEAD too, handing it over as HEAD (never counted); placement is capped at 64 characters', async () => {
    const code = await h.factory.code(t.account.id);
    const res = await visit(`/${code.shortCode}?p=${'x'.repeat(80)}`, {}, 'HEAD');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(code.destination);
    expect(recorder.hits).toMatchObject([{ method: 'HEAD', placement: 'x'.repeat(64) }]);
  });

  it('redirects a short link and records it as a link', async () => {
    const link = await h.factory.link(t.account.id, { url: 'https://example.com/l' });
    const res = await visit(`/${link.shortCode}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://example.com/l');
    expect(recorder.hits).toMatchObject([{ kind: 'link', targetId: link.id, placement: null }]);
  });

  it('answers paused with a 200 page, archived with 410, unknown with 404; none redirect or record', async () => {
    const code = await h.factory.code(t.account.id);
    await h.services.catalog.codes.update(actorIn(t.account.id), code.id, { status: 'paused' });
    const paused = await visit(`/${code.shortCode}`);
    expect(paused.statusCode).toBe(200);
    expect(paused.headers.location).toBeUndefined();
    expect(paused.headers['content-type']).toContain('text/html');
    expect(paused.body).toContain('temporarily paused');
    await h.services.catalog.codes.archive(actorIn(t.account.id), code.id);
    const archived = await visit(`/${code.shortCode}`);
    expect(archived.statusCode).toBe(410);
    expect(archived.body).toContain('no longer active');
    const unknown = await visit('/Zz9nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<html lang="en">');
    expect((await visit('/api')).statusCode).toBe(404);
    expect(recorder.hits).toEqual([]);
  });

  it('keeps JSON for API paths and health; any other unknown path gets the not-found page', async () => {
    expect((await visit('/healthz')).json()).toEqual({ status: 'ok', checks: { database: { status: 'ok' } } });
    const api = await visit('/api/v1/nothing');
    expect(api.statusCode).toBe(401);
    expect(api.json().error.code).toBe('unauthorized');
    const deep = await visit('/a/b');
    expect(deep.statusCode).toBe(404);
    expect(deep.headers['content-type']).toMatch(/^text\/html/);
    expect(deep.body).toContain('Nothing here');
  });

  it('repoints at once, and serves a cache hit without the store', async () => {
    const code = await h.factory.code(t.account.id, { url: 'https://example.com/old' });
    expect((await visit(`/${code.shortCode}`)).headers.location).toBe('https://example.com/old');
    await h.services.catalog.codes.update(actorIn(t.account.id), code.id, { url: 'https://example.com/new' });
    expect((await visit(`/${code.shortCode}`)).headers.location).toBe('https://example.com/new');
    // Changed behind the service's back: the cached answer stands until the bus says otherwise.
    await sql`update codes set destination = 'https://example.com/sneaky' where id = ${code.id}`.execute(h.infra.database.db);
    expect((await visit(`/${code.shortCode}`)).headers.location).toBe('https://example.com/new');
  });

  it('forgets a cached "unknown" when the ending is created', async () => {
    expect((await visit('/fresh-ending')).statusCode).toBe(404);
    await h.factory.link(t.account.id, { shortCode: 'fresh-ending', url: 'https://example.com/fresh' });
    expect((await visit('/fresh-ending')).headers.location).toBe('https://example.com/fresh');
  });

  it('picks the account by custom domain; a custom ending resolves on its domain only', async () => {
    const branded = await h.factory.tenant({ domain: `qr-${store.name}.brand.example` });
    await h.factory.code(branded.account.id, { shortCode: 'menu', url: 'https://brand.example/menu' });
    const onDomain = await visit('/menu', { host: `QR-${store.name}.brand.example:443` });
    expect(onDomain.statusCode).toBe(302);
    expect(onDomain.headers.location).toBe('https://brand.example/menu');
    expect((await visit('/menu')).statusCode).toBe(404);
    expect((await visit('/menu', { host: '127.0.0.1:8080' })).statusCode).toBe(404);
    // The same ending may exist on the shared host for somebody else.
    await h.factory.code(t.account.id, { shortCode: 'menu', url: 'https://other.example' });
    expect((await visit('/menu')).headers.location).toBe('https://other.example/');
    expect((await visit('/menu', { host: `qr-${store.name}.brand.example` })).headers.location).toBe(
      'https://brand.example/menu',
    );
  });

  it('keeps the shared host and a custom domain apart in the cache: repointing one leaves the other', async () => {
    const domain = `cache-${store.name}.brand.example`;
    const branded = await h.factory.tenant({ domain });
    const own = await h.factory.code(branded.account.id, { shortCode: 'lunch', url: 'https://brand.example/lunch' });
    const shared = await h.factory.code(t.account.id, { shortCode: 'lunch', url: 'https://shared.example/lunch' });
    const at = async (host: string) => (await visit('/lunch', { host })).headers.location;
    expect(await at(domain)).toBe('https://brand.example/lunch');
    expect(await at('qrelay.test')).toBe('https://shared.example/lunch');
    await h.services.catalog.codes.update(actorIn(branded.account.id), own.id, { url: 'https://brand.example/dinner' });
    expect(await at(domain)).toBe('https://brand.example/dinner');
    expect(await at('qrelay.test')).toBe('https://shared.example/lunch');
    await h.services.catalog.codes.update(actorIn(t.account.id), shared.id, { url: 'https://shared.example/dinner' });
    expect(await at('qrelay.test')).toBe('https://shared.example/dinner');
    expect(await at(domain)).toBe('https://brand.example/dinner');
  });

  it("resolves the service's own endings on any host that is not a custom domain", async () => {
    const code = await h.factory.code(t.account.id, { url: 'https://example.com/any-host' });
    for (const host of ['127.0.0.1:8080', 'localhost:8080', '[::1]:8080', 'qrelay.lan', 'ELSEWHERE.example:443', '']) {
      const res = await visit(`/${code.shortCode}`, { host });
      expect(res.statusCode, host).toBe(302);
      expect(res.headers.location, host).toBe('https://example.com/any-host');
    }
    expect((await visit('/no-such-ending', { host: '127.0.0.1:8080' })).statusCode).toBe(404);
  });

  it('applies routing rules in order, first match wins, else the destination', async () => {
    h.clock.set(Date.UTC(2026, 0, 14, 9, 30)); // Wednesday 10:30 in Paris
    const code = await h.factory.code(t.account.id, {
      url: 'https://example.com/default',
      rules: [
        { when: { country: ['DE'], device: ['mobile'] }, destination: 'https://example.com/de-mobile' },
        { when: { os: ['ios'] }, destination: 'https://example.com/ios' },
        { when: { language: ['fr'] }, destination: 'https://example.com/fr' },
        {
          when: { time: { timeZone: 'Europe/Paris', from: '10:00', to: '11:00', days: ['wed'] } },
          destination: 'https://example.com/wed-morning',
        },
      ],
    });
    const to = async (headers: Record<string, string>) => (await visit(`/${code.shortCode}`, headers)).headers.location;
    expect(await to({ 'user-agent': IPHONE, 'cf-ipcountry': 'DE' })).toBe('https://example.com/de-mobile');
    expect(await to({ 'user-agent': IPHONE, 'cf-ipcountry': 'US' })).toBe('https://example.com/ios');
    expect(await to({ 'user-agent': DESKTOP, 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' })).toBe('https://example.com/fr');
    expect(await to({ 'user-agent': DESKTOP, 'accept-language': 'en-GB' })).toBe('https://example.com/wed-morning');
    h.clock.set(Date.UTC(2026, 0, 14, 10, 30)); // 11:30 in Paris
    expect(await to({ 'user-agent': DESKTOP })).toBe('https://example.com/default');
  });

  it('splits traffic by weight', async () => {
    const code = await h.factory.code(t.account.id, {
      rules: [
        {
          split: [
            { destination: 'https://a.example/', weight: 1 },
            { destination: 'https://b.example/', weight: 3 },
          ],
        },
      ],
    });
    const seen = new Set<string>();
    for (let i = 0; i < 40; i += 1) seen.add((await visit(`/${code.shortCode}`)).headers.location as string);
    expect([...seen].every((l) => l === 'https://a.example/' || l === 'https://b.example/')).toBe(true);
  });

  it('gates a code by password and records the scan once, after the gate', async () => {
    const code = await h.factory.code(t.account.id, { url: 'https://example.com/secret', gate: { password: 'open sesame' } });
    const form = await visit(`/${code.shortCode}?p=door`);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<form method="post">');
    expect(form.headers.location).toBeUndefined();
    const submit = (password: string) =>
      h.request({
        method: 'POST',
        url: `/${code.shortCode}?p=door`,
        headers: { host: 'qrelay.test', 'content-type': 'application/x-www-form-urlencoded' },
        payload: `password=${encodeURIComponent(password)}`,
      });
    const wrong = await submit('nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('not right');
    expect(recorder.hits).toEqual([]);
    const right = await submit('open sesame');
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('https://example.com/secret');
    expect(recorder.hits).toMatchObject([{ targetId: code.id, placement: 'door', method: 'POST' }]);
    const cookie = String(right.headers['set-cookie']).split(';')[0]!;
    expect(String(right.headers['set-cookie'])).toContain('HttpOnly');
    const again = await visit(`/${code.shortCode}`, { cookie });
    expect(again.statusCode).toBe(302);
    expect((await visit(`/${code.shortCode}`, { cookie: 'qrelay_gate=1.forged' })).statusCode).toBe(200);
    // A new password closes every open pass.
    await h.services.catalog.codes.update(actorIn(t.account.id), code.id, { gate: { password: 'another one' } });
    expect((await visit(`/${code.shortCode}`, { cookie })).statusCode).toBe(200);
  });

  it('limits password attempts', async () => {
    const code = await h.factory.code(t.account.id, { gate: { password: 'right-one' } });
    const submit = () =>
      h.request({
        method: 'POST',
        url: `/${code.shortCode}`,
        headers: { host: 'qrelay.test', 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'password=wrong',
      });
    for (let i = 0; i < 10; i += 1) expect((await submit()).statusCode).toBe(401);
    const limited = await submit();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('stops redirecting every code and link of a suspended company, at once', async () => {
    const tenant = await h.factory.tenant();
    const code = await h.factory.code(tenant.account.id);
    const link = await h.factory.link(tenant.account.id);
    expect((await visit(`/${code.shortCode}`, { 'user-agent': IPHONE })).statusCode).toBe(302);
    await h.services.identity.accounts.suspend(OPERATOR, tenant.account.id);
    recorder.clear();
    for (const ending of [code.shortCode, link.shortCode]) {
      const res = await visit(`/${ending}`, { 'user-agent': IPHONE });
      expect(res.statusCode).toBe(403);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain('not available');
    }
    expect(recorder.hits).toEqual([]);
  });

  it('re-reads a cached target after a minute, so a change made out of band takes effect', async () => {
    const code = await h.factory.code(t.account.id, { url: 'https://example.com/before' });
    expect((await visit(`/${code.shortCode}`)).headers.location).toBe('https://example.com/before');
    // A change that bypasses the services (and so the invalidation bus), as a second process without Redis would.
    await h.infra.database.db
      .updateTable('codes')
      .set({ destination: 'https://example.com/after' })
      .where('id', '=', code.id)
      .execute();
    expect((await visit(`/${code.shortCode}`)).headers.location).toBe('https://example.com/before');
    h.clock.advance(60_001);
    expect((await visit(`/${code.shortCode}`)).headers.location).toBe('https://example.com/after');
  });

  it('never lets a failing recorder break a redirect', async () => {
    const peer = await h.peer({
      recorder: {
        record: () => {
          throw new Error('recorder down');
        },
      },
    });
    try {
      const code = await h.factory.code(t.account.id);
      const res = await peer.app.inject({ method: 'GET', url: `/${code.shortCode}`, headers: { host: 'qrelay.test' } });
      expect(res.statusCode).toBe(302);
    } finally {
      await peer.close();
    }
  });
});
