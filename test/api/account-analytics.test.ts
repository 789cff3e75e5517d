import { afterAll, beforeAll, expect, it } from 'vitest';
import { DAY_MS } from '../../src/traffic/events/events.types.js';
import { createHarness, type Harness } from '../support/harness.js';
import { DESKTOP, hit, recordAll } from '../support/hits.js';
import { describeEach, STORES } from '../support/stores.js';
import type { Tenant } from '../support/factory.js';

describeEach(STORES)('/analytics/account ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  const get = (url: string, token = t.token) => h.request({ method: 'GET', url: `/api/v1${url}`, token });

  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
  });
  afterAll(() => h.close());

  it("answers the account's codes together over the window and its most scanned codes in it", async () => {
    const accountId = t.account.id;
    const [menu, door, archived] = await Promise.all(
      ['Menu', 'Door', 'Archived'].map((name) => h.factory.code(accountId, { name })),
    );
    const now = h.clock.now();
    h.clock.set(now - 10 * DAY_MS);
    await recordAll(h, [hit(h, { accountId, targetId: archived!.id })]);
    h.clock.set(now);
    await recordAll(h, [
      hit(h, { accountId, targetId: door!.id, placement: 'table' }),
      hit(h, { accountId, targetId: door!.id, userAgent: DESKTOP }),
      hit(h, { accountId, targetId: menu!.id }),
      hit(h, { accountId, targetId: menu!.id, method: 'HEAD' }),
    ]);
    const res = await get('/analytics/account?days=7');
    expect(res.statusCode).toBe(200);
    const week = res.json().data;
    expect(week).toMatchObject({ days: 7, codeCount: 3, totals: { scans: 3, uniqueVisitors: 3, excluded: 1 } });
    expect(week.daily).toHaveLength(7);
    expect(week.daily.at(-1)).toEqual({ date: week.to, scans: 3, uniqueVisitors: 3, excluded: 1 });
    expect(week.topCodes).toEqual([
      { codeId: door!.id, name: 'Door', scans: 2, uniqueVisitors: 2 },
      { codeId: menu!.id, name: 'Menu', scans: 1, uniqueVisitors: 1 },
    ]);
    expect(week.devices).toEqual([
      { value: 'mobile', scans: 2 },
      { value: 'desktop', scans: 1 },
    ]);
    expect(week.placements).toEqual([
      { value: null, scans: 2 },
      { value: 'table', scans: 1 },
    ]);
    const month = (await get('/analytics/account')).json().data;
    expect(month).toMatchObject({ days: 30, totals: { scans: 4 } });
    expect(month.topCodes.map((c: { name: string }) => c.name)).toEqual(['Door', 'Archived', 'Menu']);
  });

  it('needs analytics:read, bounds days, and never counts another account', async () => {
    const reader = await h.factory.token(t.account.id, ['codes:read']);
    const res = await get('/analytics/account', reader);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    for (const days of ['0', '366', '1.5', 'week']) {
      const bad = await get(`/analytics/account?days=${days}`);
      expect(bad.statusCode, days).toBe(400);
      expect(bad.json().error).toMatchObject({ code: 'invalid_request' });
    }
    const other = await h.factory.tenant();
    expect((await get('/analytics/account', other.token)).json().data).toMatchObject({
      codeCount: 0,
      totals: { scans: 0, uniqueVisitors: 0, excluded: 0 },
      topCodes: [],
    });
  });
});
