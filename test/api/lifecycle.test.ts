import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';
import type { Tenant } from '../support/factory.js';
import { zbarDecodeOne } from '../support/decoders.js';
import { IPHONE } from '../support/hits.js';

describeEach(STORES)('code and link lifecycle through the API ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, token = t.token) =>
    h.request({ method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });
  const visit = (ending: string, method: 'GET' | 'HEAD' = 'GET') =>
    h.request({ method, url: `/${ending}`, headers: { host: 'qrelay.test', 'user-agent': IPHONE } });
  const later = (ms: number) => new Date(h.clock.now() + ms).toISOString();

  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
  });
  afterAll(() => h.close());

  it('creates a code and a link with an expiry, UTM and a preview, and reads them back', async () => {
    const expiresAt = later(86_400_000);
    const lifecycle = {
      expiresAt,
      expiredUrl: 'https://example.com/over',
      utm: { source: 'poster', campaign: 'spring sale' },
      preview: { title: 'Spring sale', description: 'Half off' },
    };
    const code = await call('POST', '/codes', { name: 'Poster', url: 'https://example.com/menu', ...lifecycle, maxScans: 5 });
    expect(code.statusCode).toBe(201);
    const link = await call('POST', '/links', { url: 'https://example.com/l', ...lifecycle, maxClicks: 3 });
    expect(link.statusCode).toBe(201);
    const same = {
      expiresAt,
      expiredUrl: 'https://example.com/over',
      expired: false,
      utm: { source: 'poster', campaign: 'spring sale' },
      preview: { title: 'Spring sale', description: 'Half off', imageId: null, imageUrl: null },
    };
    expect((await call('GET', `/codes/${code.json().data.id}`)).json().data).toMatchObject({ ...same, maxScans: 5 });
    expect((await call('GET', `/links/${link.json().data.id}`)).json().data).toMatchObject({ ...same, maxClicks: 3 });
  });

  it('refuses bad lifecycle input with a 400 naming the field', async () => {
    const own = `${h.config.publicUrl}/somewhere`;
    for (const [payload, field] of [
      [{ expiresAt: 'next tuesday' }, 'expiresAt'],
      [{ maxScans: 0 }, 'maxScans'],
      [{ expiredUrl: 'javascript:alert(1)' }, 'expiredUrl'],
      [{ expiredUrl: own }, 'expiredUrl'],
      [{ utm: { source: 'x'.repeat(201) } }, 'utm.source'],
      [{ utm: { medium: 'a\u0007b' } }, 'utm.medium'],
    ] as const) {
      const res = await call('POST', '/codes', { name: 'Bad', url: 'https://example.com', ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
      expect(res.json().error.message, JSON.stringify(payload)).toContain(field.split('.').pop());
    }
    const zeroClicks = await call('POST', '/links', { url: 'https://example.com', maxClicks: 0 });
    expect(zeroClicks.statusCode).toBe(400);
    expect(zeroClicks.json().error.message).toContain('maxClicks');
  });

  it('accepts an expiry in the past: born expired, answers 410 or the expired address, counts nothing', async () => {
    const past = later(-60_000);
    const page = (await call('POST', '/codes', { name: 'Gone', url: 'https://example.com/a', expiresAt: past })).json().data;
    const moved = (
      await call('POST', '/links', { url: 'https://example.com/b', expiresAt: past, expiredUrl: 'https://example.com/after' })
    ).json().data;
    expect(page.expired).toBe(true);
    expect(moved.expired).toBe(true);
    const gone = await visit(page.shortCode);
    expect(gone.statusCode).toBe(410);
    expect(gone.headers['content-type']).toContain('text/html');
    expect(gone.body).toContain('expired');
    const redirected = await visit(moved.shortCode);
    expect(redirected.statusCode).toBe(302);
    expect(redirected.headers.location).toBe('https://example.com/after');
    expect(redirected.headers['cache-control']).toBe('no-store');
    await h.services.traffic.recorder.flush();
    expect((await call('GET', `/codes/${page.id}`)).json().data.scans).toBe(0);
    expect((await call('GET', `/links/${moved.id}`)).json().data.clicks).toBe(0);
    const analytics = (await call('GET', `/analytics/links/${moved.id}?days=7`)).json().data;
    expect(analytics.totals.clicks).toBe(0);
  });

  it('expires by date as the clock passes it', async () => {
    const code = (
      await call('POST', '/codes', { name: 'Soon', url: 'https://example.com/soon', expiresAt: later(60_000) })
    ).json().data;
    expect((await visit(code.shortCode)).statusCode).toBe(302);
    h.clock.advance(60_001);
    expect((await visit(code.shortCode)).statusCode).toBe(410);
    expect((await call('GET', `/codes/${code.id}`)).json().data.expired).toBe(true);
  });

  it('expires by count: a HEAD takes no click, the click after the limit goes to the expired address', async () => {
    const link = (
      await call('POST', '/links', { url: 'https://example.com/few', maxClicks: 2, expiredUrl: 'https://example.com/sold-out' })
    ).json().data;
    expect((await visit(link.shortCode, 'HEAD')).statusCode).toBe(302);
    for (let i = 0; i < 2; i += 1) expect((await visit(link.shortCode)).headers.location).toBe('https://example.com/few');
    const over = await visit(link.shortCode);
    expect(over.statusCode).toBe(302);
    expect(over.headers.location).toBe('https://example.com/sold-out');
    expect(over.headers['cache-control']).toBe('no-store');
    expect((await call('GET', `/links/${link.id}`)).json().data.expired).toBe(true);
  });

  it('schedules, lists and cancels repoints of codes and links; refuses the past and static codes', async () => {
    const code = (await call('POST', '/codes', { name: 'Repointed', url: 'https://example.com/now' })).json().data;
    const link = (await call('POST', '/links', { url: 'https://example.com/now' })).json().data;
    for (const path of [`/codes/${code.id}`, `/links/${link.id}`]) {
      const at = later(3_600_000);
      const created = await call('POST', `${path}/repoints`, { url: 'https://example.com/next', at });
      expect(created.statusCode).toBe(201);
      const repoint = created.json().data;
      expect(repoint).toMatchObject({ url: 'https://example.com/next', at, status: 'pending', appliedAt: null });
      expect((await call('GET', `${path}/repoints`)).json().data.map((r: { id: string }) => r.id)).toEqual([repoint.id]);
      const cancelled = await call('DELETE', `${path}/repoints/${repoint.id}`);
      expect(cancelled.statusCode).toBe(204);
      expect((await call('GET', `${path}/repoints`)).json().data[0].status).toBe('cancelled');
      const again = await call('DELETE', `${path}/repoints/${repoint.id}`);
      expect(again.statusCode).toBe(400);
      const past = await call('POST', `${path}/repoints`, { url: 'https://example.com/next', at: later(-1000) });
      expect(past.statusCode).toBe(400);
      expect(past.json().error.message).toContain('at');
    }
    // A done one cannot be cancelled either.
    const due = (await call('POST', `/codes/${code.id}/repoints`, { url: 'https://example.com/done', at: later(1000) })).json()
      .data;
    h.clock.advance(1001);
    expect(await h.services.catalog.repoints.applyDue()).toBe(1);
    expect((await visit(code.shortCode)).headers.location).toBe('https://example.com/done');
    const done = await call('DELETE', `/codes/${code.id}/repoints/${due.id}`);
    expect(done.statusCode).toBe(400);
    expect(done.json().error.message).toContain('done');

    const fixed = (await call('POST', '/codes', { name: 'Static', url: 'https://example.com/s', mode: 'static' })).json().data;
    const onStatic = await call('POST', `/codes/${fixed.id}/repoints`, { url: 'https://example.com/x', at: later(60_000) });
    expect(onStatic.statusCode).toBe(400);
    expect(onStatic.json().error.code).toBe('invalid_request');

    const other = await h.factory.tenant();
    const theirs = await h.factory.code(other.account.id);
    const theirLink = await h.factory.link(other.account.id);
    for (const path of [`/codes/${theirs.id}`, `/links/${theirLink.id}`]) {
      expect((await call('GET', `${path}/repoints`)).statusCode).toBe(404);
      expect((await call('POST', `${path}/repoints`, { url: 'https://evil.example', at: later(60_000) })).statusCode).toBe(404);
    }
  });

  it('saves, lists and deletes UTM templates; a name taken is a 400', async () => {
    const created = await call('POST', '/utm-templates', { name: 'Newsletter', utm: { source: 'mail', medium: 'email' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ name: 'Newsletter', utm: { source: 'mail', medium: 'email' } });
    const taken = await call('POST', '/utm-templates', { name: 'newsletter', utm: { source: 'x' } });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.message).toContain('name');
    const list = (await call('GET', '/utm-templates')).json().data;
    expect(list.map((u: { name: string }) => u.name)).toEqual(['Newsletter']);
    expect((await call('DELETE', `/utm-templates/${created.json().data.id}`)).statusCode).toBe(204);
    expect((await call('GET', '/utm-templates')).json().data).toEqual([]);
    expect((await call('DELETE', `/utm-templates/${created.json().data.id}`)).statusCode).toBe(404);
  });

  it("draws a link's QR image, which decodes to its short address", async () => {
    const link = (await call('POST', '/links', { url: 'https://example.com/img' })).json().data;
    const svg = await call('GET', `/links/${link.id}/image?format=svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.headers.etag).toBeDefined();
    expect(svg.body).toContain('<svg');
    const png = await call('GET', `/links/${link.id}/image?format=png&size=600`);
    expect(png.statusCode).toBe(200);
    expect(zbarDecodeOne(png.rawPayload)).toEqual([link.url]);
  });

  it("reads a link's analytics in clicks", async () => {
    const link = (await call('POST', '/links', { url: 'https://example.com/counted' })).json().data;
    expect((await visit(link.shortCode)).statusCode).toBe(302);
    await h.services.traffic.recorder.flush();
    const res = await call('GET', `/analytics/links/${link.id}?days=7`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.linkId).toBe(link.id);
    expect(data.codeId).toBeUndefined();
    expect(data.totals.clicks).toBe(1);
    expect(data.daily).toHaveLength(7);
    expect(data.daily.reduce((n: number, d: { clicks: number }) => n + d.clicks, 0)).toBe(1);
  });

  it('names, pauses, archives, searches and files links', async () => {
    const folder = (await call('POST', '/folders', { name: 'Campaigns' })).json().data;
    const link = (
      await call('POST', '/links', { url: 'https://shop.example/autumn-boots', shortCode: 'Leaves77', name: 'Autumn' })
    ).json().data;
    const filed = (await call('POST', '/links', { url: 'https://example.com/filed', folderId: folder.id })).json().data;
    expect(link.name).toBe('Autumn');
    const ids = async (query: string) =>
      (await call('GET', `/links?${query}`)).json().data.map((l: { id: string }) => l.id) as string[];
    expect(await ids('name=leaves7')).toEqual([link.id]);
    expect(await ids('name=autumn-boots')).toEqual([link.id]);
    expect(await ids(`folderId=${folder.id}`)).toEqual([filed.id]);

    const renamed = await call('PATCH', `/links/${link.id}`, { name: 'Autumn boots' });
    expect(renamed.json().data.name).toBe('Autumn boots');
    const paused = await call('PATCH', `/links/${link.id}`, { status: 'paused' });
    expect(paused.json().data.status).toBe('paused');
    const page = await visit(link.shortCode);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('temporarily paused');
    expect(await ids('status=paused')).toEqual([link.id]);
    const archived = await call('POST', `/links/${link.id}/archive`);
    expect(archived.json().data.status).toBe('archived');
    expect((await visit(link.shortCode)).statusCode).toBe(410);
  });
});
