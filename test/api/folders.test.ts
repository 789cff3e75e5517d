import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { actorIn } from '../support/actors.js';
import { DESKTOP, hit, recordAll } from '../support/hits.js';
import { DAY_MS } from '../../src/traffic/events/events.types.js';
import { describeEach, STORES } from '../support/stores.js';
import type { Tenant } from '../support/factory.js';

describeEach(STORES)('/folders ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, token = t.token) =>
    h.request({ method, url: `/api/v1${url}`, payload, token });
  const folder = async (name: string, token = t.token) => (await call('POST', '/folders', { name }, token)).json().data;
  const codeIds = async (query: string, token = t.token) =>
    (await call('GET', `/codes?${query}`, undefined, token)).json().data.map((c: { id: string }) => c.id);

  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
  });
  afterAll(() => h.close());

  it('creates a folder, moves codes in and out with PATCH folderId, and filters codes by folder', async () => {
    const res = await call('POST', '/folders', { name: 'Posters' });
    expect(res.statusCode).toBe(201);
    const posters = res.json().data;
    expect(posters).toMatchObject({ name: 'Posters', codeCount: 0 });
    expect(Object.keys(posters).sort()).toEqual(['codeCount', 'createdAt', 'id', 'name', 'updatedAt']);

    const created = await call('POST', '/codes', { name: 'In at birth', url: 'https://example.com/a', folderId: posters.id });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.folderId).toBe(posters.id);
    const loose = await h.factory.code(t.account.id);
    expect((await call('GET', `/codes/${loose.id}`)).json().data.folderId).toBeNull();
    const moved = await call('PATCH', `/codes/${loose.id}`, { folderId: posters.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.folderId).toBe(posters.id);
    expect((await call('GET', `/folders/${posters.id}`)).json().data.codeCount).toBe(2);
    expect((await codeIds(`folderId=${posters.id}`)).sort()).toEqual([created.json().data.id, loose.id].sort());

    const out = await call('PATCH', `/codes/${loose.id}`, { folderId: null });
    expect(out.json().data.folderId).toBeNull();
    expect(await codeIds(`folderId=${posters.id}`)).toEqual([created.json().data.id]);
    expect((await call('GET', `/folders/${posters.id}`)).json().data.codeCount).toBe(1);
  });

  it('lists by name case-insensitively with counts of live codes only', async () => {
    const tenant = await h.factory.tenant();
    const zoo = await folder('zoo', tenant.token);
    const apples = await folder('Apples', tenant.token);
    const menus = await folder('menus', tenant.token);
    const put = (folderId: string, overrides = {}) => h.factory.code(tenant.account.id, { folderId, ...overrides });
    await put(zoo.id);
    await put(zoo.id, { mode: 'static' });
    const paused = await put(zoo.id);
    await h.services.catalog.codes.update(actorIn(tenant.account.id), paused.id, { status: 'paused' });
    const archived = await put(apples.id);
    await h.services.catalog.codes.archive(actorIn(tenant.account.id), archived.id);
    await h.factory.code(tenant.account.id);

    const res = await call('GET', '/folders', undefined, tenant.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((f: { name: string; codeCount: number }) => [f.name, f.codeCount])).toEqual([
      ['Apples', 0],
      ['menus', 0],
      ['zoo', 3],
    ]);
    expect(res.json().data[1].id).toBe(menus.id);
    // The archived code is still in its folder: it shows in the filter and in analytics, not in the count.
    expect(await codeIds(`folderId=${apples.id}`, tenant.token)).toEqual([archived.id]);
  });

  it('orders names the same way on every store: lower-cased, by code point', async () => {
    const tenant = await h.factory.tenant();
    for (const name of ['ab', 'A.c', 'a-b', 'a b', 'Éclair', 'zed']) await folder(name, tenant.token);
    const names = (await call('GET', '/folders', undefined, tenant.token)).json().data.map((f: { name: string }) => f.name);
    expect(names).toEqual(['a b', 'a-b', 'A.c', 'ab', 'zed', 'Éclair']);
  });

  it('refuses a duplicate name in any case, on create and rename, writing nothing', async () => {
    const tenant = await h.factory.tenant();
    const menus = await folder('Menus', tenant.token);
    const flyers = await folder('Flyers', tenant.token);
    for (const res of [
      await call('POST', '/folders', { name: 'menus' }, tenant.token),
      await call('POST', '/folders', { name: ' MENUS ' }, tenant.token),
      await call('PATCH', `/folders/${flyers.id}`, { name: 'mEnUs' }, tenant.token),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid_request' });
      expect(res.json().error.message).toMatch(/^name .* already/i);
    }
    const names = (await call('GET', '/folders', undefined, tenant.token)).json().data.map((f: { name: string }) => f.name);
    expect(names).toEqual(['Flyers', 'Menus']);
    // Another account may use the name; a folder may change the case of its own name.
    expect((await call('POST', '/folders', { name: 'Menus' })).statusCode).toBe(201);
    const recased = await call('PATCH', `/folders/${menus.id}`, { name: 'MENUS' }, tenant.token);
    expect(recased.statusCode).toBe(200);
    expect(recased.json().data).toMatchObject({ id: menus.id, name: 'MENUS' });
  });

  it.each([
    ['an unknown field', { name: 'x', colour: 'red' }, 'colour'],
    ['no name', {}, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a long name', { name: 'x'.repeat(101) }, 'name'],
  ])('refuses %s, naming the field and writing nothing', async (_label, payload, field) => {
    const tenant = await h.factory.tenant();
    const res = await call('POST', '/folders', payload, tenant.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(field);
    expect((await call('GET', '/folders', undefined, tenant.token)).json().data).toEqual([]);
  });

  it('deletes a folder in one step; its codes stay, in no folder', async () => {
    const doomed = await folder('Doomed');
    const keep = await folder('Kept');
    const a = await h.factory.code(t.account.id, { folderId: doomed.id });
    const b = await h.factory.code(t.account.id, { folderId: doomed.id });
    await h.services.catalog.codes.archive(actorIn(t.account.id), b.id);
    const c = await h.factory.code(t.account.id, { folderId: keep.id });
    const res = await call('DELETE', `/folders/${doomed.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: doomed.id, deleted: true, unfiledCodes: 2 });
    for (const id of [a.id, b.id]) {
      const code = await call('GET', `/codes/${id}`);
      expect(code.statusCode).toBe(200);
      expect(code.json().data.folderId).toBeNull();
    }
    expect((await call('GET', `/codes/${c.id}`)).json().data.folderId).toBe(keep.id);
    expect((await call('GET', `/folders/${doomed.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/folders/${doomed.id}`)).statusCode).toBe(404);
    expect(await codeIds(`folderId=${doomed.id}`)).toEqual([]);
  });

  it('puts a clone in the folder of its original', async () => {
    const shelf = await folder('Shelf');
    const original = await h.factory.code(t.account.id, { folderId: shelf.id });
    const res = await call('POST', `/codes/${original.id}/clone`);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.folderId).toBe(shelf.id);
    const loose = await h.factory.code(t.account.id);
    expect((await call('POST', `/codes/${loose.id}/clone`)).json().data.folderId).toBeNull();
  });

  it("gives 404 for another account's folder everywhere, and moving a code into it changes nothing", async () => {
    const other = await h.factory.tenant();
    const theirs = await folder('Theirs', other.token);
    const code = await h.factory.code(t.account.id, { name: 'Stays' });
    const count = (await codeIds('limit=100')).length;
    for (const res of [
      await call('GET', `/folders/${theirs.id}`),
      await call('PATCH', `/folders/${theirs.id}`, { name: 'Mine' }),
      await call('DELETE', `/folders/${theirs.id}`),
      await call('GET', `/folders/${theirs.id}/analytics`),
      await call('POST', '/codes', { name: 'x', url: 'https://example.com/x', folderId: theirs.id }),
      await call('PATCH', `/codes/${code.id}`, { name: 'Renamed', folderId: theirs.id }),
      await call('PATCH', `/codes/${code.id}`, { folderId: 'not-an-id' }),
      await call('GET', '/folders/not-an-id'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect((await call('GET', `/codes/${code.id}`)).json().data).toMatchObject({ name: 'Stays', folderId: null });
    expect((await codeIds('limit=100')).length).toBe(count);
    expect(await codeIds(`folderId=${theirs.id}`)).toEqual([]);
    expect((await call('GET', `/folders/${theirs.id}`, undefined, other.token)).json().data).toMatchObject({
      name: 'Theirs',
      codeCount: 0,
    });
  });

  it('answers folder analytics for every code of the folder over 1 to 365 days', async () => {
    const stand = await folder('Stand');
    const b = await h.factory.code(t.account.id, { name: 'b code', folderId: stand.id });
    const a = await h.factory.code(t.account.id, { name: 'A code', folderId: stand.id });
    await h.services.catalog.codes.archive(actorIn(t.account.id), b.id);
    const res = await call('GET', `/folders/${stand.id}/analytics`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      days: 30,
      scans: 0,
      uniqueVisitors: 0,
      codes: [
        { codeId: a.id, name: 'A code', scans: 0, uniqueVisitors: 0 },
        { codeId: b.id, name: 'b code', scans: 0, uniqueVisitors: 0 },
      ],
    });
    expect(res.json().data.daily).toHaveLength(30);
    for (const days of [1, 365]) {
      expect((await call('GET', `/folders/${stand.id}/analytics?days=${days}`)).json().data.days).toBe(days);
    }
    for (const days of ['0', '366', '-1', '1.5', 'week']) {
      const bad = await call('GET', `/folders/${stand.id}/analytics?days=${days}`);
      expect(bad.statusCode, days).toBe(400);
      expect(bad.json().error.message).toContain('days');
    }
    const empty = await folder('Empty');
    expect((await call('GET', `/folders/${empty.id}/analytics`)).json().data).toMatchObject({
      days: 30,
      scans: 0,
      uniqueVisitors: 0,
      excluded: 0,
      codes: [],
      countries: [],
      placements: [],
    });
  });

  it("adds a daily series and the code analytics' breakdowns to a folder's figures, keeping every field it had", async () => {
    const fair = await folder('Fair');
    const [a, b] = await Promise.all(['Hall', 'Gate'].map((name) => h.factory.code(t.account.id, { name, folderId: fair.id })));
    const outside = await h.factory.code(t.account.id);
    const now = h.clock.now();
    h.clock.set(now - DAY_MS);
    await recordAll(h, [hit(h, { accountId: t.account.id, targetId: b!.id, userAgent: DESKTOP })]);
    h.clock.set(now);
    await recordAll(h, [
      hit(h, { accountId: t.account.id, targetId: a!.id, placement: 'entrance' }),
      hit(h, { accountId: t.account.id, targetId: a!.id, placement: 'entrance', clientAddress: '198.51.100.8' }),
      hit(h, { accountId: t.account.id, targetId: a!.id, method: 'HEAD' }),
      hit(h, { accountId: t.account.id, targetId: outside.id }),
    ]);
    const data = (await call('GET', `/folders/${fair.id}/analytics?days=2`)).json().data;
    expect(Object.keys(data).sort()).toEqual(
      [
        'browsers',
        'cities',
        'codes',
        'countries',
        'daily',
        'days',
        'devices',
        'excluded',
        'from',
        'os',
        'placements',
        'regions',
        'scans',
        'to',
        'tz',
        'uniqueVisitors',
      ].sort(),
    );
    expect(data).toMatchObject({ days: 2, scans: 3, uniqueVisitors: 3, excluded: 1 });
    expect(data.codes.map((c: { name: string; scans: number }) => [c.name, c.scans])).toEqual([
      ['Hall', 2],
      ['Gate', 1],
    ]);
    expect(data.daily).toEqual([
      { date: data.from, scans: 1, uniqueVisitors: 1, excluded: 0 },
      { date: data.to, scans: 2, uniqueVisitors: 2, excluded: 1 },
    ]);
    expect(data.devices).toEqual([
      { value: 'mobile', scans: 2 },
      { value: 'desktop', scans: 1 },
    ]);
    expect(data.placements).toEqual([
      { value: 'entrance', scans: 2 },
      { value: null, scans: 1 },
    ]);
    for (const key of ['countries', 'os', 'browsers']) {
      expect(
        data[key].reduce((n: number, r: { scans: number }) => n + r.scans, 0),
        key,
      ).toBe(3);
    }
  });

  it('needs codes:read to list, codes:write to change, analytics:read for analytics', async () => {
    const f = await folder('Scoped');
    const reader = await h.factory.token(t.account.id, ['codes:read']);
    const writer = await h.factory.token(t.account.id, ['codes:write']);
    const analyst = await h.factory.token(t.account.id, ['analytics:read']);
    expect((await call('GET', '/folders', undefined, writer)).statusCode).toBe(403);
    expect((await call('GET', `/folders/${f.id}`, undefined, analyst)).statusCode).toBe(403);
    expect((await call('POST', '/folders', { name: 'r' }, reader)).statusCode).toBe(403);
    expect((await call('PATCH', `/folders/${f.id}`, { name: 'r' }, reader)).statusCode).toBe(403);
    expect((await call('DELETE', `/folders/${f.id}`, undefined, reader)).statusCode).toBe(403);
    expect((await call('GET', `/folders/${f.id}/analytics`, undefined, reader)).statusCode).toBe(403);
    expect((await call('GET', '/folders', undefined, reader)).statusCode).toBe(200);
    expect((await call('GET', `/folders/${f.id}/analytics`, undefined, analyst)).statusCode).toBe(200);
    expect((await call('PATCH', `/folders/${f.id}`, { name: 'Renamed' }, writer)).json().data.name).toBe('Renamed');
  });
});
