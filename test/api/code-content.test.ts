import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { IPHONE } from '../support/hits.js';
import { describeEach, STORES } from '../support/stores.js';
import type { Tenant } from '../support/factory.js';

describeEach(STORES)('codes leading to hosted content ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, token = t.token) =>
    h.request({ method, url: `/api/v1${url}`, payload, token });
  /** A person's phone opening an address of the service. */
  const open = (path: string) => h.request({ method: 'GET', url: path, headers: { host: 'qrelay.test', 'user-agent': IPHONE } });
  const scan = (shortCode: string) => open(`/${shortCode}`);

  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
  });
  afterAll(() => h.close());

  it('repoints a code from an address to a page and back, each scan one redirect', async () => {
    const page = (await call('POST', '/pages', { name: 'Menu' })).json().data;
    const code = (await call('POST', '/codes', { name: 'Table 4', url: 'https://example.com/old' })).json().data;
    expect(code.content).toBeNull();

    const toPage = await call('PATCH', `/codes/${code.id}`, { content: { type: 'page', id: page.id } });
    expect(toPage.statusCode).toBe(200);
    expect(toPage.json().data).toMatchObject({ content: { type: 'page', id: page.id }, destination: page.url, url: code.url });
    const first = await scan(code.shortCode);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(page.url);
    const landed = await open(new URL(page.url).pathname);
    expect(landed.statusCode).toBe(200);
    // One person, one scan and one view (ADR 0092): the code counts the scan, the page its view, neither both.
    await h.services.traffic.recorder.flush();
    expect((await call('GET', `/codes/${code.id}`)).json().data.scans).toBe(1);
    expect((await call('GET', `/analytics/codes/${code.id}`)).json().data.totals.scans).toBe(1);
    expect((await call('GET', `/analytics/pages/${page.id}`)).json().data).toMatchObject({ views: 1, uniqueVisitors: 1 });
    const events = (await call('GET', '/events')).json().data as { type: string; codeId: string | null }[];
    expect(events.map((e) => [e.type, e.codeId])).toEqual([
      ['page_view', null],
      ['scan', code.id],
    ]);

    const back = await call('PATCH', `/codes/${code.id}`, { url: 'https://example.com/new' });
    expect(back.json().data).toMatchObject({ content: null, destination: 'https://example.com/new' });
    expect((await scan(code.shortCode)).headers.location).toBe('https://example.com/new');
  });

  it('deletes a page with REST; a code still leading to it shows "not available" until repointed', async () => {
    const page = (await call('POST', '/pages', { name: 'Old menu' })).json().data;
    const code = (await call('POST', '/codes', { name: 'Table 7', content: { type: 'page', id: page.id } })).json().data;
    const deleted = await call('DELETE', `/pages/${page.id}`);
    expect(deleted.json()).toEqual({ data: { id: page.id, deleted: true } });
    expect((await call('GET', `/pages/${page.id}`)).statusCode).toBe(404);
    const scanned = await scan(code.shortCode);
    expect(scanned.headers.location).toBe(page.url);
    const landed = await open(new URL(page.url).pathname);
    expect(landed.statusCode).toBe(404);
    expect(landed.body).toContain('This page is not available');
    expect((await call('DELETE', `/pages/${page.id}`)).statusCode).toBe(404);
  });

  it('creates a code leading to a form; refuses both targets, none, a static one and another account’s form', async () => {
    const form = (await call('POST', '/forms', { name: 'Feedback', fields: [] })).json().data;
    const created = await call('POST', '/codes', { name: 'Feedback code', content: { type: 'form', id: form.id } });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ destination: form.url, content: { type: 'form', id: form.id } });
    const cloned = (await call('POST', `/codes/${created.json().data.id}/clone`)).json().data;
    expect(cloned.content).toEqual({ type: 'form', id: form.id });

    const other = await h.factory.tenant();
    const refusals = [
      await call('POST', '/codes', { name: 'x', url: 'https://example.com', content: { type: 'form', id: form.id } }),
      await call('POST', '/codes', { name: 'x' }),
      await call('POST', '/codes', { name: 'x', mode: 'static', content: { type: 'form', id: form.id } }),
      await call('POST', '/codes', { name: 'x', content: { type: 'page', id: form.id } }),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([400, 400, 400, 404]);
    const theirs = await call('POST', '/codes', { name: 'x', content: { type: 'form', id: form.id } }, other.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe('not_found');
  });
});
