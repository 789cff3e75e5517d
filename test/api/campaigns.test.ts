import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
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
