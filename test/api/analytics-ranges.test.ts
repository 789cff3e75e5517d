import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { GEO_HEADERS_ENV, hit, placedIn, recordAll } from '../support/hits.js';
import { describeEach, STORES } from '../support/stores.js';
import type { Tenant } from '../support/factory.js';

describeEach(STORES)('analytics ranges and zones over HTTP ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  const get = (url: string) => h.request({ method: 'GET', url: `/api/v1${url}`, token: t.token });

  beforeAll(async () => {
    h = await createHarness(store, { env: GEO_HEADERS_ENV });
    t = await h.factory.tenant();
  });
  afterAll(() => h.close());

  it("answers a code's range in a zone with its hours, grid and comparison, and the account's zone by default", async () => {
    const code = await h.factory.code(t.account.id, { name: 'Menu' });
    h.clock.set(Date.parse('2026-01-10T18:20:00Z'));
    await recordAll(h, [hit(h, { accountId: t.account.id, targetId: code.id })]);
    h.clock.set(Date.parse('2026-01-12T12:00:00Z'));
    const res = await get(
      `/analytics/codes/${code.id}?from=2026-01-10&to=2026-01-11&tz=Asia/Kathmandu&interval=hour&grid=true&compare=true`,
    );
    expect(res.statusCode).toBe(200);
    const a = res.json().data;
    expect(a).toMatchObject({ from: '2026-01-10', to: '2026-01-11', days: 2, tz: 'Asia/Kathmandu', totals: { scans: 1 } });
    expect(a.daily.map((d: { scans: number }) => d.scans)).toEqual([0, 1]);
    expect(a.hourly).toHaveLength(48);
    expect(a.hourly.find((x: { scans: number }) => x.scans === 1)).toEqual({
      at: '2026-01-10T18:15:00Z',
      local: '2026-01-11T00:00',
      scans: 1,
      uniqueVisitors: 1,
    });
    expect(a.grid[6][0]).toBe(1);
    expect(a.previous).toMatchObject({ from: '2026-01-08', to: '2026-01-09', change: { scans: null } });

    const set = await h.request({
      method: 'PATCH',
      url: '/api/v1/me/account',
      token: t.token,
      payload: { timezone: 'Asia/Kathmandu' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toEqual({ timezone: 'Asia/Kathmandu' });
    const plain = (await get(`/analytics/codes/${code.id}?from=2026-01-10&to=2026-01-11`)).json().data;
    expect(plain.tz).toBe('Asia/Kathmandu');
    expect(plain.daily.map((d: { scans: number }) => d.scans)).toEqual([0, 1]);
    const account = (await get('/analytics/account?days=3')).json().data;
    expect(account).toMatchObject({ tz: 'Asia/Kathmandu', to: '2026-01-12', totals: { scans: 1 } });
  });

  it('exports the series, the grid and every breakdown as CSV, placements guarded against formulas', async () => {
    const code = await h.factory.code(t.account.id, { name: 'Poster' });
    h.clock.set(Date.parse('2026-02-02T09:10:00Z'));
    await recordAll(h, [hit(h, { accountId: t.account.id, targetId: code.id, placement: '=HYPERLINK("x")' })]);
    const csv = async (query: string) => {
      const res = await get(`/analytics/codes/${code.id}/export?${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      return res.body.trim().split('\r\n');
    };
    expect(await csv('part=daily&from=2026-02-01&to=2026-02-02&tz=UTC')).toEqual([
      'date,scans,uniqueVisitors,excluded',
      '2026-02-01,0,0,0',
      '2026-02-02,1,1,0',
    ]);
    expect(await csv('part=placements&from=2026-02-02&to=2026-02-02')).toEqual(['placement,scans', '"\'=HYPERLINK(""x"")",1']);
    const grid = await csv('part=grid&from=2026-02-02&to=2026-02-02&tz=UTC');
    expect(grid).toHaveLength(8);
    expect(grid[1]!.split(',')[10]).toBe('1');
    expect(await csv('part=hourly&from=2026-02-02&to=2026-02-02&tz=UTC')).toHaveLength(25);
    expect((await csv('part=countries&from=2026-02-02&to=2026-02-02'))[0]).toBe('country,scans');
    const account = await h.request({
      method: 'GET',
      url: '/api/v1/analytics/account/export?part=devices&from=2026-02-02&to=2026-02-02',
      token: t.token,
    });
    expect(account.body.trim().split('\r\n')).toEqual(['device,scans', 'mobile,1']);
    const bad = await get(`/analytics/codes/${code.id}/export?part=secrets`);
    expect(bad.statusCode).toBe(400);
  });

  it('lists regions and cities with where they lie wherever countries are listed, and exports them as CSV', async () => {
    const folder = (
      await h.request({ method: 'POST', url: '/api/v1/folders', token: t.token, payload: { name: 'Towns' } })
    ).json().data;
    const code = await h.factory.code(t.account.id, { name: 'Square', folderId: folder.id });
    const link = await h.factory.link(t.account.id, { name: 'Shop' });
    h.clock.set(Date.parse('2026-03-03T10:00:00Z'));
    const scan = (n: number, headers: Record<string, string>) =>
      hit(h, { accountId: t.account.id, targetId: code.id, clientAddress: `198.51.100.${n}`, headers });
    await recordAll(h, [
      scan(1, placedIn('NL', 'Limburg', 'Maastricht')),
      scan(2, placedIn('NL', 'Limburg', 'Maastricht')),
      scan(3, placedIn('BE', 'Limburg', '=Hasselt')),
      scan(4, placedIn('FR')),
      hit(h, { accountId: t.account.id, targetId: link.id, kind: 'link', headers: placedIn('FR', 'Brittany', 'Rennes') }),
    ]);
    const range = 'from=2026-03-03&to=2026-03-03&tz=Europe/Amsterdam';
    const regions = [
      { value: 'Limburg', country: 'NL', scans: 2 },
      { value: 'Limburg', country: 'BE', scans: 1 },
    ];
    const cities = [
      { value: 'Maastricht', region: 'Limburg', country: 'NL', scans: 2 },
      { value: '=Hasselt', region: 'Limburg', country: 'BE', scans: 1 },
    ];
    for (const url of [`/analytics/codes/${code.id}?${range}`, `/folders/${folder.id}/analytics?${range}`]) {
      const data = (await get(url)).json().data;
      expect(data.countries, url).toHaveLength(3);
      expect(data.regions, url).toEqual(regions);
      expect(data.cities, url).toEqual(cities);
    }
    // The account's figures are its codes' (a link's clicks are its own).
    const account = (await get(`/analytics/account?${range}`)).json().data;
    expect([account.regions, account.cities]).toEqual([regions, cities]);
    const clicks = (await get(`/analytics/links/${link.id}?${range}`)).json().data;
    expect(clicks.regions).toEqual([{ value: 'Brittany', country: 'FR', clicks: 1 }]);
    expect(clicks.cities).toEqual([{ value: 'Rennes', region: 'Brittany', country: 'FR', clicks: 1 }]);

    const csv = async (url: string) => (await get(url)).body.trim().split('\r\n');
    expect(await csv(`/analytics/codes/${code.id}/export?part=regions&${range}`)).toEqual([
      'region,country,scans',
      'Limburg,NL,2',
      'Limburg,BE,1',
    ]);
    expect(await csv(`/analytics/codes/${code.id}/export?part=cities&${range}`)).toEqual([
      'city,region,country,scans',
      'Maastricht,Limburg,NL,2',
      "'=Hasselt,Limburg,BE,1",
    ]);
    expect((await csv(`/analytics/account/export?part=cities&${range}`))[0]).toBe('city,region,country,scans');
  });

  it('refuses with the error envelope naming the field', async () => {
    const code = await h.factory.code(t.account.id, { name: 'Door' });
    for (const [query, field] of [
      ['days=7&from=2026-01-01', 'days'],
      ['from=2026-01-09&to=2026-01-01', 'from'],
      ['tz=Nowhere/Land', 'tz'],
      ['from=2026-01-01&to=2026-01-31&interval=hour', 'interval'],
    ] as const) {
      const res = await get(`/analytics/codes/${code.id}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
      expect(res.json().error.message, query).toContain(field);
    }
    const bad = await h.request({
      method: 'PATCH',
      url: '/api/v1/me/account',
      token: t.token,
      payload: { timezone: 'Mars/Base' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_request');
    expect(bad.json().error.message).toContain('timezone');
  });
});
