import { afterAll, beforeAll, expect, it } from 'vitest';
import { AnalyticsRepository } from '../../src/traffic/analytics/store/analytics.repository.js';
import { RollupFolderFigures } from '../../src/traffic/analytics/folder-figures.js';
import { newId } from '../../src/lib/ids.js';
import { InvalidRequest } from '../../src/lib/errors.js';
import { DAY_MS, dayOf } from '../../src/traffic/events/events.types.js';
import { ZonedRange } from '../../src/traffic/analytics/range.js';
import { SYSTEM } from '../../src/platform/authz/roles.policy.js';
import { createHarness, type Harness } from '../support/harness.js';
import { actorIn } from '../support/actors.js';
import { DESKTOP, hit, recordAll } from '../support/hits.js';
import { describeRoles, type RoleWorld } from '../support/roles.js';
import { describeEach, STORES } from '../support/stores.js';

describeEach(STORES)('analytics, clearing, alerts and retention ($name)', (store) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(store);
  });
  afterAll(() => h.close());

  const tenant = async () => (await h.factory.tenant()).account.id;
  /** The last `days` UTC days up to the clock's today, quarter rows read for all of them. */
  const lastDays = (h: Harness, days: number) => {
    const today = dayOf(h.clock.now());
    return new ZonedRange(today - days + 1, today, 'UTC', 0);
  };

  it('gives a zero-filled daily series over exactly `days` days and bounds days', async () => {
    const accountId = await tenant();
    const codeId = newId();
    const now = h.clock.now();
    h.clock.set(now - 2 * DAY_MS);
    await recordAll(h, [hit(h, { accountId, targetId: codeId, placement: 'a' })]);
    h.clock.set(now);
    await recordAll(h, [hit(h, { accountId, targetId: codeId }), hit(h, { accountId, targetId: codeId, userAgent: DESKTOP })]);
    const a = await h.services.traffic.analytics.codeAnalytics(actorIn(accountId), { codeId, days: 5 });
    expect(a.daily.map((d) => d.scans)).toEqual([0, 0, 1, 0, 2]);
    expect(a.daily.at(-1)!.date).toBe(new Date(now).toISOString().slice(0, 10));
    expect(a.totals).toEqual({ scans: 3, uniqueVisitors: 3, excluded: 0 });
    expect(a.placements).toEqual([
      { value: null, count: 2 },
      { value: 'a', count: 1 },
    ]);
    expect(a.devices).toEqual([
      { value: 'mobile', count: 2 },
      { value: 'desktop', count: 1 },
    ]);
    expect((await h.services.traffic.analytics.codeAnalytics(actorIn(accountId), { codeId })).daily).toHaveLength(30);
    expect((await h.services.traffic.analytics.codeAnalytics(actorIn(accountId), { codeId, days: 1 })).totals.scans).toBe(2);
    expect((await h.services.traffic.analytics.codeAnalytics(actorIn(accountId), { codeId, days: 3650 })).daily).toHaveLength(
      3650,
    );
    for (const days of [0, 3651, 1.5, -1]) {
      await expect(h.services.traffic.analytics.codeAnalytics(actorIn(accountId), { codeId, days })).rejects.toBeInstanceOf(
        InvalidRequest,
      );
    }
    for (const days of [0, 366]) {
      await expect(h.services.traffic.analytics.folderAnalytics(actorIn(accountId), newId(), { days })).rejects.toBeInstanceOf(
        InvalidRequest,
      );
    }
    for (const limit of [0, 101]) {
      await expect(h.services.traffic.analytics.list(actorIn(accountId), { limit })).rejects.toBeInstanceOf(InvalidRequest);
    }
    const other = await tenant();
    expect((await h.services.traffic.analytics.codeAnalytics(actorIn(other), { codeId, days: 5 })).totals.scans).toBe(0);

    // A window of months, none of them compacted yet, reads them from the daily rollup (compacted ones:
    // compaction.test.ts).
    h.clock.set(now - 40 * DAY_MS);
    await recordAll(h, [hit(h, { accountId, targetId: codeId, userAgent: DESKTOP, placement: 'a' })]);
    h.clock.set(now);
    const long = await h.services.traffic.analytics.codeAnalytics(actorIn(accountId), { codeId, days: 400 });
    expect(long.totals.scans).toBe(4);
    expect(long.devices).toEqual([
      { value: 'desktop', count: 2 },
      { value: 'mobile', count: 2 },
    ]);
    expect(long.placements).toEqual([
      { value: null, count: 2 },
      { value: 'a', count: 2 },
    ]);
    expect((await h.services.traffic.analytics.codeAnalytics(actorIn(accountId), { codeId, days: 30 })).devices).toEqual(
      a.devices,
    );
  });

  it('sums a folder per code, and its uniques as the sum of daily uniques', async () => {
    const accountId = await tenant();
    const [c1, c2, c3] = [newId(), newId(), newId()];
    await recordAll(h, [
      hit(h, { accountId, targetId: c1 }),
      hit(h, { accountId, targetId: c1 }),
      hit(h, { accountId, targetId: c2 }),
    ]);
    const figures = new RollupFolderFigures(new AnalyticsRepository(h.infra.database.db, h.services.traffic.eventKeys));
    const folder = await figures.folderAnalytics({ accountId, codeIds: [c1, c2, c3], range: lastDays(h, 7) });
    expect(folder).toMatchObject({
      days: 7,
      scans: 3,
      uniqueVisitors: 2,
      codes: [
        { codeId: c1, scans: 2, uniqueVisitors: 1 },
        { codeId: c2, scans: 1, uniqueVisitors: 1 },
        { codeId: c3, scans: 0, uniqueVisitors: 0 },
      ],
    });
  });

  it("gives a folder's codes together a daily series and breakdowns that add up their codes', over many codes", async () => {
    const accountId = await tenant();
    const [c1, c2, elsewhere] = [newId(), newId(), newId()];
    const now = h.clock.now();
    h.clock.set(now - 2 * DAY_MS);
    await recordAll(h, [hit(h, { accountId, targetId: c2, userAgent: DESKTOP, placement: 'door' })]);
    h.clock.set(now);
    await recordAll(h, [
      hit(h, { accountId, targetId: c1, placement: 'door' }),
      hit(h, { accountId, targetId: c1, method: 'HEAD' }),
      hit(h, { accountId, targetId: elsewhere }),
    ]);
    // More codes than one query's list of ids holds: the reads go in chunks and add up.
    const many = [...Array.from({ length: 1200 }, () => newId()), c1, c2];
    const figures = new RollupFolderFigures(new AnalyticsRepository(h.infra.database.db, h.services.traffic.eventKeys));
    const folder = await figures.folderAnalytics({ accountId, codeIds: many, range: lastDays(h, 3) });
    expect(folder).toMatchObject({ scans: 2, uniqueVisitors: 2, excluded: 1 });
    expect(folder.daily.map((d) => [d.scans, d.uniqueVisitors, d.excluded])).toEqual([
      [1, 1, 0],
      [0, 0, 0],
      [1, 1, 1],
    ]);
    expect(folder.devices).toEqual([
      { value: 'desktop', count: 1 },
      { value: 'mobile', count: 1 },
    ]);
    expect(folder.placements).toEqual([{ value: 'door', count: 2 }]);
    // The folder's series is the sum of its codes' own.
    const [a1, a2] = await Promise.all(
      [c1, c2].map((codeId) => h.services.traffic.analytics.codeAnalytics(actorIn(accountId), { codeId, days: 3 })),
    );
    expect(folder.daily.map((d) => d.scans)).toEqual(a1!.daily.map((d, i) => d.scans + a2!.daily[i]!.scans));
    expect(folder.excluded).toBe(a1!.totals.excluded + a2!.totals.excluded);
  });

  it("answers the account's codes together over the window, with its most scanned codes in it", async () => {
    const accountId = await tenant();
    const [busy, quiet, old] = await Promise.all(['Busy', 'Quiet', 'Old'].map((name) => h.factory.code(accountId, { name })));
    const idle = await h.factory.code(accountId, { name: 'Idle' });
    const link = await h.factory.link(accountId);
    const now = h.clock.now();
    h.clock.set(now - 20 * DAY_MS);
    await recordAll(h, [hit(h, { accountId, targetId: old!.id }), hit(h, { accountId, targetId: old!.id })]);
    h.clock.set(now);
    await recordAll(h, [
      hit(h, { accountId, targetId: busy!.id, placement: 'flyer' }),
      hit(h, { accountId, targetId: busy!.id, userAgent: DESKTOP }),
      hit(h, { accountId, targetId: quiet!.id }),
      hit(h, { accountId, targetId: quiet!.id, method: 'HEAD' }),
      hit(h, { accountId, kind: 'link', targetId: link.id }),
    ]);
    const week = await h.services.traffic.analytics.accountAnalytics(actorIn(accountId), { days: 7 });
    expect(week).toMatchObject({ days: 7, codeCount: 4, totals: { scans: 3, uniqueVisitors: 3, excluded: 1 } });
    expect(week.daily).toHaveLength(7);
    expect(week.daily.at(-1)).toMatchObject({ scans: 3, excluded: 1 });
    expect(week.topCodes).toEqual([
      { codeId: busy!.id, name: 'Busy', scans: 2, uniqueVisitors: 2 },
      { codeId: quiet!.id, name: 'Quiet', scans: 1, uniqueVisitors: 1 },
    ]);
    expect(week.placements).toEqual([
      { value: null, count: 2 },
      { value: 'flyer', count: 1 },
    ]);
    const month = await h.services.traffic.analytics.accountAnalytics(actorIn(accountId), { days: 30 });
    expect(month.totals.scans).toBe(5);
    expect(month.topCodes.map((c) => c.name)).toEqual(['Busy', 'Old', 'Quiet']);
    expect(month.topCodes.map((c) => c.codeId)).not.toContain(idle.id);
    // Another account sees none of it; the window is bounded.
    const other = await h.services.traffic.analytics.accountAnalytics(actorIn(await tenant()), { days: 30 });
    expect(other).toMatchObject({ codeCount: 0, totals: { scans: 0, uniqueVisitors: 0, excluded: 0 }, topCodes: [] });
    for (const days of [0, 366, 1.5]) {
      await expect(h.services.traffic.analytics.accountAnalytics(actorIn(accountId), { days })).rejects.toBeInstanceOf(
        InvalidRequest,
      );
    }
  });

  it("clears one code's events, rollups, total and alerts in one go and says how many events went", async () => {
    const accountId = await tenant();
    const codeId = (await h.factory.code(accountId)).id;
    const kept = newId();
    await h.services.traffic.alerts.createRule(actorIn(accountId), { codeId, kind: 'first_scan' });
    await recordAll(h, [
      ...Array.from({ length: 4 }, () => hit(h, { accountId, targetId: codeId })),
      hit(h, { accountId, targetId: codeId, method: 'HEAD' }),
      hit(h, { accountId, targetId: kept }),
    ]);
    expect((await h.services.traffic.alerts.list(actorIn(accountId))).alerts).toHaveLength(1);
    // One more scan still waiting in the buffer is cleared too.
    h.services.traffic.recorder.record(hit(h, { accountId, targetId: codeId }));
    expect(await h.services.traffic.events.clearTarget(actorIn(await tenant()), codeId)).toEqual({ removed: 0 });
    expect(await h.services.traffic.events.clearTarget(actorIn(accountId), codeId)).toEqual({ removed: 5 });
    expect((await h.services.traffic.events.totals([codeId, kept])).get(codeId)).toBe(0);
    expect((await h.services.traffic.events.totals([kept])).get(kept)).toBe(1);
    const a = await h.services.traffic.analytics.codeAnalytics(actorIn(accountId), { codeId, days: 30 });
    expect(a.totals).toEqual({ scans: 0, uniqueVisitors: 0, excluded: 0 });
    expect(a.countries).toEqual([]);
    expect((await h.services.traffic.alerts.list(actorIn(accountId))).alerts).toEqual([]);
    expect((await h.services.traffic.analytics.list(actorIn(accountId), { codeId })).events).toEqual([]);
    expect(await h.services.traffic.events.clearTarget(actorIn(accountId), codeId)).toEqual({ removed: 0 });
    // History starts again: the same visitor is new, and the first-scan rule fires again.
    await recordAll(h, [hit(h, { accountId, targetId: codeId })]);
    expect((await h.services.traffic.analytics.codeAnalytics(actorIn(accountId), { codeId, days: 1 })).totals).toEqual({
      scans: 1,
      uniqueVisitors: 1,
      excluded: 0,
    });
    expect((await h.services.traffic.alerts.list(actorIn(accountId))).alerts).toHaveLength(1);
  });

  it('raises a first-scan alert once and a daily alert when a day passes its threshold', async () => {
    const accountId = await tenant();
    const codeId = newId();
    const first = await h.services.traffic.alerts.createRule(actorIn(accountId), { codeId, kind: 'first_scan' });
    const busy = await h.services.traffic.alerts.createRule(actorIn(accountId), {
      codeId,
      kind: 'daily_scans_above',
      threshold: 2,
    });
    await expect(
      h.services.traffic.alerts.createRule(actorIn(accountId), { codeId, kind: 'daily_scans_above' }),
    ).rejects.toBeInstanceOf(InvalidRequest);
    await expect(h.services.traffic.alerts.createRule(actorIn(accountId), { codeId, kind: 'sometimes' })).rejects.toBeInstanceOf(
      InvalidRequest,
    );
    await recordAll(h, [hit(h, { accountId, targetId: codeId }), hit(h, { accountId, targetId: codeId })]);
    let { alerts } = await h.services.traffic.alerts.list(actorIn(accountId));
    expect(alerts.map((a) => [a.ruleId, a.kind, a.date, a.scans])).toEqual([[first.id, 'first_scan', null, 2]]);
    await recordAll(h, [hit(h, { accountId, targetId: codeId })]);
    await recordAll(h, [hit(h, { accountId, targetId: codeId })]);
    ({ alerts } = await h.services.traffic.alerts.list(actorIn(accountId)));
    const today = new Date(h.clock.now()).toISOString().slice(0, 10);
    expect(alerts.map((a) => [a.ruleId, a.kind, a.date, a.scans])).toEqual([
      [busy.id, 'daily_scans_above', today, 3],
      [first.id, 'first_scan', null, 2],
    ]);
    expect((await h.services.traffic.alerts.list(actorIn(await tenant()))).alerts).toEqual([]);
    await h.services.traffic.alerts.deleteRule(actorIn(accountId), busy.id);
    expect((await h.services.traffic.alerts.list(actorIn(accountId))).alerts).toHaveLength(1);
  });
});

// A store of its own: retention finds old events by the order they were recorded in, and the other
// tests record theirs at today's time before this one records 40 days back.
describeEach(STORES)('retention ($name)', (store) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(store);
  });
  afterAll(() => h.close());
  const tenant = async () => (await h.factory.tenant()).account.id;

  it('deletes raw events past the retention in chunks and keeps the analytics', async () => {
    const accountId = await tenant();
    const codeId = (await h.factory.code(accountId)).id;
    const now = h.clock.now();
    h.clock.set(now - 40 * DAY_MS);
    await recordAll(
      h,
      Array.from({ length: 7 }, () => hit(h, { accountId, targetId: codeId })),
    );
    h.clock.set(now);
    await recordAll(h, [hit(h, { accountId, targetId: codeId })]);
    const removed = await h.services.traffic.events.purgeOlderThan(SYSTEM, 30, 3);
    expect(removed).toBeGreaterThanOrEqual(7);
    expect((await h.services.traffic.analytics.list(actorIn(accountId), { codeId })).events).toHaveLength(1);
    expect((await h.services.traffic.analytics.codeAnalytics(actorIn(accountId), { codeId, days: 60 })).totals.scans).toBe(8);
    expect((await h.services.traffic.events.totals([codeId])).get(codeId)).toBe(8);
  });
});

const codeOf = async ({ h, tenant }: RoleWorld) => (await h.factory.code(tenant.account.id)).id;

for (const store of STORES) {
  describeRoles('analytics service', store, [
    { operation: 'list', least: 'member', run: (actor, { h }) => h.services.traffic.analytics.list(actor, { limit: 10 }) },
    {
      operation: 'codeAnalytics',
      least: 'member',
      run: async (actor, w) => w.h.services.traffic.analytics.codeAnalytics(actor, { codeId: await codeOf(w), days: 7 }),
    },
    {
      operation: 'folderAnalytics',
      least: 'member',
      run: async (actor, w) =>
        w.h.services.traffic.analytics.folderAnalytics(
          actor,
          (await w.h.services.catalog.folders.create(w.owner, { name: newId() })).id,
          { days: 7 },
        ),
    },
    { operation: 'excluded', least: 'member', run: (actor, { h }) => h.services.traffic.analytics.excluded(actor, { days: 7 }) },
    {
      operation: 'accountAnalytics',
      least: 'member',
      run: (actor, { h }) => h.services.traffic.analytics.accountAnalytics(actor, { days: 7 }),
    },
  ]);
  describeRoles('scan history service', store, [
    {
      operation: 'analytics',
      least: 'member',
      run: async (actor, w) => w.h.services.traffic.scanHistory.analytics(actor, await codeOf(w), { days: 7 }),
    },
    {
      operation: 'clear',
      least: 'editor',
      run: async (actor, w) => w.h.services.traffic.scanHistory.clear(actor, await codeOf(w)),
    },
  ]);
}
