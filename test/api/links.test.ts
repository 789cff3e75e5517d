import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';
import type { Tenant } from '../support/factory.js';

describeEach(STORES)('/links ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
  });
  afterAll(() => h.close());

  it('creates, reads, repoints and lists links newest first', async () => {
    const created = await h.request({
      method: 'POST',
      url: '/api/v1/links',
      token: t.token,
      payload: { url: 'https://example.com/a' },
    });
    expect(created.statusCode).toBe(201);
    const link = created.json().data;
    expect(link).toMatchObject({ destination: 'https://example.com/a', clicks: 0 });
    expect(link.shortCode).toMatch(/^[0-9A-Za-z]{7}$/);
    expect(link.url).toBe(`http://qrelay.test/${link.shortCode}`);
    h.clock.advance(1000);
    const chosen = (
      await h.request({
        method: 'POST',
        url: '/api/v1/links',
        token: t.token,
        payload: { url: 'https://example.com/b', shortCode: 'Promo' },
      })
    ).json().data;
    expect(chosen.shortCode).toBe('Promo');
    const changed = await h.request({
      method: 'PATCH',
      url: `/api/v1/links/${link.id}`,
      token: t.token,
      payload: { url: 'https://example.com/c' },
    });
    expect(changed.json().data).toMatchObject({ shortCode: link.shortCode, destination: 'https://example.com/c' });
    expect((await h.request({ method: 'GET', url: `/api/v1/links/${link.id}`, token: t.token })).json().data.destination).toBe(
      'https://example.com/c',
    );
    const list = (await h.request({ method: 'GET', url: '/api/v1/links?limit=1', token: t.token })).json().data;
    expect(list.map((l: { id: string }) => l.id)).toEqual([chosen.id]);
    const rest = (await h.request({ method: 'GET', url: '/api/v1/links?offset=1', token: t.token })).json().data;
    expect(rest.map((l: { id: string }) => l.id)).toEqual([link.id]);
  });

  it('shares one namespace with codes and keeps endings case-sensitive', async () => {
    await h.factory.code(t.account.id, { shortCode: 'shared1' });
    const taken = await h.request({
      method: 'POST',
      url: '/api/v1/links',
      token: t.token,
      payload: { url: 'https://example.com', shortCode: 'shared1' },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.message).toContain('shortCode');
    const other = await h.request({
      method: 'POST',
      url: '/api/v1/links',
      token: t.token,
      payload: { url: 'https://example.com', shortCode: 'Shared1' },
    });
    expect(other.statusCode).toBe(201);
  });

  it('refuses bad input naming the field and writes nothing', async () => {
    const tenant = await h.factory.tenant();
    for (const [payload, field] of [
      [{}, 'url'],
      [{ url: 'file:///etc/passwd' }, 'url'],
      [{ url: 'https://example.com', shortCode: 'docs' }, 'shortCode'],
      [{ url: 'https://example.com', shortCode: 'a.b' }, 'shortCode'],
      [{ url: 'https://example.com', extra: 1 }, 'extra'],
    ] as const) {
      const res = await h.request({ method: 'POST', url: '/api/v1/links', token: tenant.token, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(field);
    }
    expect((await h.request({ method: 'GET', url: '/api/v1/links', token: tenant.token })).json().data).toEqual([]);
  });

  it("gives 404 for another account's link and needs the links scopes", async () => {
    const other = await h.factory.tenant();
    const link = await h.factory.link(other.account.id);
    expect((await h.request({ method: 'GET', url: `/api/v1/links/${link.id}`, token: t.token })).statusCode).toBe(404);
    expect(
      (
        await h.request({
          method: 'PATCH',
          url: `/api/v1/links/${link.id}`,
          token: t.token,
          payload: { url: 'https://evil.example' },
        })
      ).statusCode,
    ).toBe(404);
    const codesOnly = await h.factory.token(t.account.id, ['codes:read', 'codes:write']);
    expect((await h.request({ method: 'GET', url: '/api/v1/links', token: codesOnly })).statusCode).toBe(403);
    const reader = await h.factory.token(t.account.id, ['links:read']);
    expect(
      (await h.request({ method: 'POST', url: '/api/v1/links', token: reader, payload: { url: 'https://example.com' } }))
        .statusCode,
    ).toBe(403);
  });
});
