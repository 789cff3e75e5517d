import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { DESKTOP, IPAD } from '../support/hits.js';
import { describeEach, STORES } from '../support/stores.js';

describeEach(STORES)('/campaigns and /tags ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
  });
  afterAll(() => h.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, token = t.token) =>
    h.request({ method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });

  it('creates, changes, fills, tags and filters over HTTP', async () => {
    const code = await h.factory.code(t.account.id);
    const link = await h.factory.link(t.account.id);
    const created = await call('POST', '/campaigns', {
      name: 'Launch',
      startsAt: '2026-02-01T00:00:00.000Z',
      members: [{ type: 'code', id: code.id }],
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    expect(created.json().data).toMatchObject({
      name: 'Launch',
      startsAt: '2026-02-01T00:00:00.000Z',
      endsAt: null,
      members: [{ type: 'code', id: code.id }],
    });
    expect((await call('PATCH', `/campaigns/${id}`, { endsAt: '2026-03-01T00:00:00.000Z' })).json().data.endsAt).toBe(
      '2026-03-01T00:00:00.000Z',
    );
    const moved = await call('POST', `/campaigns/${id}/members`, {
      add: [{ type: 'link', id: link.id }],
      remove: [{ type: 'code', id: code.id }],
    });
    expect(moved.json().data.members).toEqual([{ type: 'link', id: link.id }]);
    expect((await call('PUT', '/tags', { type: 'code', id: code.id, tags: ['Print'] })).json().data).toEqual({
      type: 'code',
      id: code.id,
      tags: ['Print'],
    });
    expect((await call('GET', `/tags/of?type=code&id=${code.id}`)).json().data.tags).toEqual(['Print']);
    expect((await call('GET', '/tags')).json().data).toEqual([{ tag: 'Print', count: 1 }]);
    expect((await call('GET', '/codes?tag=print')).json().data.map((c: { id: string }) => c.id)).toEqual([code.id]);
    expect((await call('GET', `/links?campaignId=${id}`)).json().data.map((l: { id: string }) => l.id)).toEqual([link.id]);
    expect((await call('GET', `/codes?campaignId=${id}`)).json().data).toEqual([]);
    const analytics = (await call('GET', `/campaigns/${id}/analytics?days=3`)).json().data;
    expect(analytics).toMatchObject({
      days: 3,
      totals: { events: 0, uniqueVisitors: 0 },
      members: [{ type: 'link', id: link.id, events: 0 }],
    });
    expect(analytics.daily).toHaveLength(3);
    expect((await call('GET', '/campaigns')).json().data.map((c: { id: string }) => c.id)).toEqual([id]);
    expect((await call('DELETE', `/campaigns/${id}`)).json()).toEqual({ data: { id, deleted: true } });
  });

  it('takes forms, pages and cards as members and tags, and its analytics are the sum of theirs', async () => {
    const form = (
      await call('POST', '/forms', { name: 'Sign-up', fields: [{ key: 'name', label: 'Name', type: 'text', required: true }] })
    ).json().data;
    const page = (await call('POST', '/pages', { name: 'Landing' })).json().data;
    const card = (await call('POST', '/cards', { name: 'Ada' })).json().data;
    const members = [
      { type: 'form', id: form.id },
      { type: 'page', id: page.id },
      { type: 'card', id: card.id },
    ];
    const created = await call('POST', '/campaigns', { name: 'Fair', members });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    expect(created.json().data.members).toEqual(members);
    // A page named as a card is not the account's card.
    expect((await call('POST', `/campaigns/${id}/members`, { add: [{ type: 'card', id: page.id }] })).statusCode).toBe(404);
    expect((await call('PUT', '/tags', { type: 'page', id: page.id, tags: ['Fair'] })).statusCode).toBe(200);
    expect((await call('GET', `/tags/of?type=page&id=${page.id}`)).json().data.tags).toEqual(['Fair']);

    // Two people read the page and one the card, a robot reads the form: only people count.
    const visit = (url: string, userAgent: string, remoteAddress: string) =>
      h.request({
        method: 'GET',
        url: new URL(url).pathname,
        remoteAddress,
        headers: { host: 'qrelay.test', 'user-agent': userAgent },
      });
    await visit(page.url, DESKTOP, '203.0.113.1');
    await visit(page.url, IPAD, '203.0.113.2');
    await visit(card.url, DESKTOP, '203.0.113.1');
    await visit(form.url, 'Googlebot/2.1 (+http://www.google.com/bot.html)', '203.0.113.3');
    await h.services.traffic.recorder.flush();
    const campaign = (await call('GET', `/campaigns/${id}/analytics?days=7`)).json().data;
    const own = await Promise.all(
      [`/analytics/forms/${form.id}`, `/analytics/pages/${page.id}`, `/analytics/cards/${card.id}`].map(
        async (url) => (await call('GET', `${url}?days=7`)).json().data,
      ),
    );
    const events = own.reduce((n, f) => n + f.views + (f.submissions ?? 0), 0);
    const uniqueVisitors = own.reduce((n, f) => n + f.uniqueVisitors, 0);
    expect(campaign.totals).toEqual({ events, uniqueVisitors });
    expect(campaign.totals).toEqual({ events: 3, uniqueVisitors: 3 });
    expect(campaign.members).toEqual([
      { type: 'page', id: page.id, events: 2, uniqueVisitors: 2 },
      { type: 'card', id: card.id, events: 1, uniqueVisitors: 1 },
      { type: 'form', id: form.id, events: 0, uniqueVisitors: 0 },
    ]);
  });

  it('needs campaigns:read to read, campaigns:write to change, analytics:read for analytics; another account gets 404', async () => {
    const { id } = (await call('POST', '/campaigns', { name: 'Scoped' })).json().data;
    const read = await h.factory.token(t.account.id, ['campaigns:read']);
    const write = await h.factory.token(t.account.id, ['campaigns:write']);
    expect((await call('GET', `/campaigns/${id}`, undefined, read)).statusCode).toBe(200);
    expect((await call('GET', '/tags', undefined, write)).statusCode).toBe(403);
    expect((await call('PATCH', `/campaigns/${id}`, { name: 'x' }, read)).statusCode).toBe(403);
    expect((await call('GET', `/campaigns/${id}/analytics`, undefined, read)).statusCode).toBe(403);
    const other = await h.factory.tenant();
    expect((await call('GET', `/campaigns/${id}`, undefined, other.token)).statusCode).toBe(404);
    expect((await call('POST', `/campaigns/${id}/members`, { add: [] }, other.token)).statusCode).toBe(404);
    expect((await call('GET', `/campaigns/${id}/analytics`, undefined, other.token)).statusCode).toBe(404);
  });
});
