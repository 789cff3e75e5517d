import { afterEach, beforeEach, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import type { CodeAnalytics } from '../../src/traffic/analytics/analytics.types.js';
import { dayOf, monthOf, type Hit } from '../../src/traffic/events/events.types.js';
import { SYSTEM } from '../../src/platform/authz/roles.policy.js';
import { createHarness, type Harness } from '../support/harness.js';
import { actorIn } from '../support/actors.js';
import { DESKTOP, GEO_HEADERS_ENV, IPAD, hit, placedIn, recordAll } from '../support/hits.js';
import { namedCounts } from '../support/events.js';
import { describeEach, STORES } from '../support/stores.js';

const at = (iso: string) => Date.parse(iso);
/** Months since 1970-01 of a `YYYY-MM` month. */
const month = (yyyyMm: string) => monthOf(dayOf(at(`${yyyyMm}-01T00:00:00Z`)));

describeEach(STORES)('monthly breakdowns built when a month closes ($name)', (store) => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness(store, { env: GEO_HEADERS_ENV });
  });
  afterEach(() => h.close());

  const db = () => h.infra.database.db;
  const tenant = async () => (await h.factory.tenant()).account.id;

  /** Records hits of one code with the clock set to `iso`. */
  const recordAt = async (iso: string, accountId: string, codeId: string, hits: Partial<Hit>[]) => {
    h.clock.set(at(iso));
    await recordAll(
      h,
      hits.map((o) => hit(h, { accountId, targetId: codeId, ...o })),
    );
  };

  /** Runs the job until no month is due (at most 120 runs: a job that never finishes fails); returns the months it compacted. */
  const compactAll = async () => {
    const months: number[] = [];
    for (
      let m = await h.services.traffic.events.compactClosedMonth(SYSTEM);
      m !== null;
      m = await h.services.traffic.events.compactClosedMonth(SYSTEM)
    ) {
      months.push(m);
      if (months.length > 120) throw new Error(`the compaction job does not finish: ${months.join(', ')}`);
    }
    return months;
  };

  /** The monthly rows of a code, one entry per month, dimension and value (event types left out). */
  const monthlyRows = async (codeId: string) => {
    const rows = await db()
      .selectFrom('event_months')
      .innerJoin('event_targets', 'event_targets.id', 'event_months.target')
      .select(['event_months.month', 'event_months.counts'])
      .where('event_targets.key', '=', codeId)
      .execute();
    const out: { month: number; dimension: string; value: string; events: number }[] = [];
    for (const r of rows) {
      for (const [name, events] of await namedCounts(db(), r.counts)) {
        const [dimension, value] = [name.slice(0, name.indexOf(':')), name.slice(name.indexOf(':') + 1)];
        if (dimension !== 'type') out.push({ month: Number(r.month), dimension, value, events });
      }
    }
    const order = (x: { month: number; dimension: string; value: string }) =>
      `${String(x.month).padStart(6, '0')}|${x.dimension}|${x.value}`;
    return out.sort((x, y) => (order(x) < order(y) ? -1 : order(x) > order(y) ? 1 : 0));
  };

  /** Deletes a code's daily rows before `day`: what is read after comes from the monthly rows. */
  const deleteDaysBefore = async (codeId: string, day: number) => {
    const target = await db().selectFrom('event_targets').select('id').where('key', '=', codeId).executeTakeFirstOrThrow();
    await db().deleteFrom('event_days').where('target', '=', target.id).where('day', '<', day).execute();
  };

  /** Events per month of one dimension in the monthly rows. */
  const monthlyTotals = async (codeId: string, dimension: string) => {
    const out: Record<number, number> = {};
    for (const r of await monthlyRows(codeId)) if (r.dimension === dimension) out[r.month] = (out[r.month] ?? 0) + r.events;
    return out;
  };

  const compactedMonths = async () =>
    (await db().selectFrom('rollup_months').select('month').orderBy('month').execute()).map((r) => Number(r.month));

  const analytics = (accountId: string, codeId: string, days: number) =>
    h.services.traffic.analytics.codeAnalytics(actorIn(accountId), { codeId, days });

  const breakdowns = (a: CodeAnalytics) => ({
    countries: a.countries,
    devices: a.devices,
    os: a.os,
    browsers: a.browsers,
    placements: a.placements,
    regions: a.regions,
    cities: a.cities,
  });

  it('gives the same long-window figures before and after the closed months are compacted', async () => {
    const accountId = await tenant();
    const codeId = newId();
    const de = placedIn('DE', 'Bavaria', 'Munich');
    await recordAt('2025-10-05T10:00:00Z', accountId, codeId, [{ userAgent: DESKTOP, placement: 'poster', headers: de }, {}]);
    await recordAt('2025-11-30T23:59:00Z', accountId, codeId, [{ userAgent: IPAD, headers: { 'cf-ipcountry': 'FR' } }]);
    await recordAt('2025-12-01T00:00:00Z', accountId, codeId, [{ placement: 'poster' }, { userAgent: DESKTOP, headers: de }]);
    await recordAt('2026-01-10T08:00:00Z', accountId, codeId, [{ placement: 'flyer' }]);
    await recordAt('2026-01-15T12:00:00Z', accountId, codeId, [{ headers: de }]);

    const windows = [400, 90, 30, 1];
    const before = await Promise.all(windows.map((days) => analytics(accountId, codeId, days)));
    expect(before[0]!.totals.scans).toBe(7);
    expect(before[0]!.devices).toEqual([
      { value: 'mobile', count: 4 },
      { value: 'desktop', count: 2 },
      { value: 'tablet', count: 1 },
    ]);
    expect(before[0]!.regions).toEqual([{ value: 'Bavaria', country: 'DE', count: 3 }]);
    expect(before[0]!.cities).toEqual([{ value: 'Munich', region: 'Bavaria', country: 'DE', count: 3 }]);
    // No batch writes monthly rows: they are built when a month closes.
    expect(await monthlyRows(codeId)).toEqual([]);
    expect(await compactedMonths()).toEqual([]);

    expect(await compactAll()).toEqual([month('2025-10'), month('2025-11'), month('2025-12')]);
    // The month before the first recorded day holds nothing: it counts as compacted.
    expect(await compactedMonths()).toEqual([month('2025-09'), month('2025-10'), month('2025-11'), month('2025-12')]);
    const after = await Promise.all(windows.map((days) => analytics(accountId, codeId, days)));
    expect(after).toEqual(before);

    // Each closed month has its rows, the sums of its daily ones; the current month has none.
    const perMonth = { [month('2025-10')]: 2, [month('2025-11')]: 1, [month('2025-12')]: 2 };
    for (const dimension of ['country', 'device', 'os', 'browser', 'placement'])
      expect(await monthlyTotals(codeId, dimension)).toEqual(perMonth);
    // Places are added up like the rest: only the months with a located scan have them.
    for (const dimension of ['place.region', 'place.city'])
      expect(await monthlyTotals(codeId, dimension)).toEqual({ [month('2025-10')]: 1, [month('2025-12')]: 1 });
    expect((await monthlyRows(codeId)).filter((r) => r.dimension === 'device' || r.dimension === 'country')).toEqual([
      { month: month('2025-10'), dimension: 'country', value: '', events: 1 },
      { month: month('2025-10'), dimension: 'country', value: 'DE', events: 1 },
      { month: month('2025-10'), dimension: 'device', value: 'desktop', events: 1 },
      { month: month('2025-10'), dimension: 'device', value: 'mobile', events: 1 },
      { month: month('2025-11'), dimension: 'country', value: 'FR', events: 1 },
      { month: month('2025-11'), dimension: 'device', value: 'tablet', events: 1 },
      { month: month('2025-12'), dimension: 'country', value: '', events: 1 },
      { month: month('2025-12'), dimension: 'country', value: 'DE', events: 1 },
      { month: month('2025-12'), dimension: 'device', value: 'desktop', events: 1 },
      { month: month('2025-12'), dimension: 'device', value: 'mobile', events: 1 },
    ]);

    // Compacted months are read from their monthly rows: the long window keeps them without the daily ones.
    await deleteDaysBefore(codeId, dayOf(at('2026-01-01T00:00:00Z')));
    expect(breakdowns(await analytics(accountId, codeId, 400))).toEqual(breakdowns(before[0]!));
  });

  it('compacts each month once, never the current month nor one within its day of grace', async () => {
    const accountId = await tenant();
    const codeId = newId();
    await recordAt('2025-12-20T09:00:00Z', accountId, codeId, [{}, { userAgent: DESKTOP }]);
    await recordAt('2026-01-15T12:00:00Z', accountId, codeId, [{}]);

    expect(await h.services.traffic.events.compactClosedMonth(SYSTEM)).toBe(month('2025-12'));
    const rows = await monthlyRows(codeId);
    const months = await compactedMonths();
    // Idempotent: running again changes nothing.
    expect(await h.services.traffic.events.compactClosedMonth(SYSTEM)).toBeNull();
    expect(await h.services.traffic.events.compactClosedMonth(SYSTEM)).toBeNull();
    expect(await monthlyRows(codeId)).toEqual(rows);
    expect(await compactedMonths()).toEqual(months);
    expect(months.at(-1)).toBe(month('2025-12'));

    // January is the current month until midnight, then within its day of grace: never compacted.
    await recordAt('2026-01-31T23:59:59Z', accountId, codeId, [{ placement: 'last-minute' }]);
    for (const iso of ['2026-01-31T23:59:59.999Z', '2026-02-01T00:00:00Z', '2026-02-01T12:00:00Z', '2026-02-01T23:59:59.999Z']) {
      h.clock.set(at(iso));
      expect(await h.services.traffic.events.compactClosedMonth(SYSTEM)).toBeNull();
    }
    // A batch committed just after midnight with January's events lands in the daily rows only.
    h.clock.set(at('2026-02-01T00:00:01Z'));
    await recordAll(h, [hit(h, { accountId, targetId: codeId, at: at('2026-01-31T23:59:59.500Z') })]);
    expect((await monthlyRows(codeId)).filter((r) => r.month === month('2026-01'))).toEqual([]);

    h.clock.set(at('2026-02-02T00:00:00Z'));
    const expected = await analytics(accountId, codeId, 400);
    expect(await h.services.traffic.events.compactClosedMonth(SYSTEM)).toBe(month('2026-01'));
    expect(await h.services.traffic.events.compactClosedMonth(SYSTEM)).toBeNull();
    expect((await monthlyTotals(codeId, 'device'))[month('2026-01')]).toBe(3);
    expect((await monthlyRows(codeId)).filter((r) => r.dimension === 'placement' && r.month === month('2026-01'))).toEqual([
      { month: month('2026-01'), dimension: 'placement', value: '', events: 2 },
      { month: month('2026-01'), dimension: 'placement', value: 'last-minute', events: 1 },
    ]);
    expect(await analytics(accountId, codeId, 400)).toEqual(expected);
  });

  it('compacts a month once when several instances run the job at the same moment', async () => {
    const accountId = await tenant();
    const codeId = newId();
    await recordAt('2025-12-05T09:00:00Z', accountId, codeId, [{}, {}, { userAgent: DESKTOP }]);
    h.clock.set(at('2026-01-15T12:00:00Z'));
    const peer = await h.peer();
    try {
      const runs = await Promise.allSettled([
        h.services.traffic.events.compactClosedMonth(SYSTEM),
        peer.services.traffic.events.compactClosedMonth(SYSTEM),
        peer.services.traffic.events.compactClosedMonth(SYSTEM),
      ]);
      // Another instance may find the store busy and retry at its next run; none compacts twice.
      const done = runs.flatMap((r) => (r.status === 'fulfilled' && r.value !== null ? [r.value] : []));
      expect(done).toEqual([month('2025-12')]);
      expect(await compactAll()).toEqual([]);
      expect(await monthlyTotals(codeId, 'device')).toEqual({ [month('2025-12')]: 3 });
      expect((await analytics(accountId, codeId, 400)).devices).toEqual([
        { value: 'mobile', count: 2 },
        { value: 'desktop', count: 1 },
      ]);
    } finally {
      await peer.close();
    }
  });

  it('counts a late event of an already compacted month in long-window analytics', async () => {
    const accountId = await tenant();
    const codeId = newId();
    await recordAt('2025-12-10T09:00:00Z', accountId, codeId, [{}]);
    h.clock.set(at('2026-01-15T12:00:00Z'));
    expect(await compactAll()).toEqual([month('2025-12')]);

    // A journal replayed late, or a clock that was behind: December's event arrives in January.
    await recordAll(h, [
      hit(h, { accountId, targetId: codeId, at: at('2025-12-20T10:00:00Z'), userAgent: DESKTOP, placement: 'late' }),
    ]);
    expect((await monthlyRows(codeId)).filter((r) => r.dimension === 'device' || r.dimension === 'placement')).toEqual([
      { month: month('2025-12'), dimension: 'device', value: 'desktop', events: 1 },
      { month: month('2025-12'), dimension: 'device', value: 'mobile', events: 1 },
      { month: month('2025-12'), dimension: 'placement', value: '', events: 1 },
      { month: month('2025-12'), dimension: 'placement', value: 'late', events: 1 },
    ]);
    const long = await analytics(accountId, codeId, 400);
    expect(long.totals.scans).toBe(2);
    expect(long.devices).toEqual([
      { value: 'desktop', count: 1 },
      { value: 'mobile', count: 1 },
    ]);
    expect(long.placements).toEqual([
      { value: null, count: 1 },
      { value: 'late', count: 1 },
    ]);

    // A late event of a closed month not compacted yet stays in the daily rows until its month is.
    h.clock.set(at('2026-02-01T12:00:00Z'));
    await recordAll(h, [hit(h, { accountId, targetId: codeId, at: at('2026-01-20T10:00:00Z'), userAgent: IPAD })]);
    expect((await monthlyRows(codeId)).filter((r) => r.month === month('2026-01'))).toEqual([]);
    expect((await analytics(accountId, codeId, 400)).devices).toEqual([
      { value: 'desktop', count: 1 },
      { value: 'mobile', count: 1 },
      { value: 'tablet', count: 1 },
    ]);
    h.clock.set(at('2026-02-02T06:00:00Z'));
    expect(await compactAll()).toEqual([month('2026-01')]);
    expect(await monthlyTotals(codeId, 'device')).toEqual({ [month('2025-12')]: 2, [month('2026-01')]: 1 });
    expect((await analytics(accountId, codeId, 400)).devices).toEqual([
      { value: 'desktop', count: 1 },
      { value: 'mobile', count: 1 },
      { value: 'tablet', count: 1 },
    ]);
  });

  it("clears a code's monthly rows with the rest of its history", async () => {
    const accountId = await tenant();
    const codeId = newId();
    const kept = newId();
    await recordAt('2025-12-10T09:00:00Z', accountId, codeId, [{}, { userAgent: DESKTOP }]);
    await recordAt('2025-12-11T09:00:00Z', accountId, kept, [{}]);
    h.clock.set(at('2026-01-15T12:00:00Z'));
    expect(await compactAll()).toEqual([month('2025-12')]);
    expect(await monthlyRows(codeId)).not.toEqual([]);
    expect(await h.services.traffic.events.clearTarget(actorIn(accountId), codeId)).toEqual({ removed: 2 });
    expect(await monthlyRows(codeId)).toEqual([]);
    expect(breakdowns(await analytics(accountId, codeId, 400))).toEqual({
      countries: [],
      devices: [],
      os: [],
      browsers: [],
      placements: [],
      regions: [],
      cities: [],
    });
    expect(await monthlyTotals(kept, 'device')).toEqual({ [month('2025-12')]: 1 });
  });
});
