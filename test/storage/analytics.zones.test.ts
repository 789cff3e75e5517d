import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { createHarness, type Harness } from '../support/harness.js';
import { actorIn } from '../support/actors.js';
import { GEO_HEADERS_ENV, hit, placedIn, recordAll } from '../support/hits.js';
import { dayRollup } from '../support/events.js';
import { dayOf } from '../../src/traffic/events/events.types.js';
import { describeEach, STORES } from '../support/stores.js';

/** Days and hours in time zones, from the rollups, with the manual clock placing each scan. */
describeEach(STORES)('analytics in time zones ($name)', (store) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(store, { env: GEO_HEADERS_ENV });
  });
  afterAll(() => h.close());

  /**
   * A fresh account and code, scanned once at each instant (ISO, UTC; with a place's CDN headers when
   * given as a pair), then the clock set to `now`.
   */
  const scannedAt = async (instants: (string | [string, Record<string, string>])[], now = '2026-12-01T12:00:00Z') => {
    const accountId = (await h.factory.tenant()).account.id;
    const codeId = newId();
    for (const [i, instant] of instants.entries()) {
      const [at, headers] = typeof instant === 'string' ? [instant, {}] : instant;
      h.clock.set(Date.parse(at));
      await recordAll(h, [hit(h, { accountId, targetId: codeId, clientAddress: `198.51.100.${i + 1}`, headers })]);
    }
    h.clock.set(Date.parse(now));
    const read = (input: Record<string, unknown>) =>
      h.services.traffic.analytics.codeAnalytics(actorIn(accountId), { codeId, ...input });
    return { accountId, codeId, read };
  };
  const series = (a: { daily: { date: string; scans: number }[] }) => a.daily.map((d) => [d.date, d.scans]);

  it('cuts days at a quarter-hour zone’s midnight (Asia/Kathmandu, +05:45), breakdowns included', async () => {
    // 18:14 UTC is 23:59 in Kathmandu; 18:15 UTC is midnight of the next day.
    const { read } = await scannedAt(['2026-01-10T18:14:00Z', '2026-01-10T18:15:00Z', '2026-01-11T18:14:59Z']);
    const a = await read({ from: '2026-01-10', to: '2026-01-12', tz: 'Asia/Kathmandu' });
    expect(a.tz).toBe('Asia/Kathmandu');
    expect(series(a)).toEqual([
      ['2026-01-10', 1],
      ['2026-01-11', 2],
      ['2026-01-12', 0],
    ]);
    const one = await read({ from: '2026-01-11', to: '2026-01-11', tz: 'Asia/Kathmandu' });
    expect(one.totals.scans).toBe(2);
    expect(one.devices).toEqual([{ value: 'mobile', count: 2 }]);
    expect(one.totals.uniqueVisitors).toBe(2);
    // The same instants in UTC days.
    expect(series(await read({ from: '2026-01-10', to: '2026-01-11', tz: 'UTC' }))).toEqual([
      ['2026-01-10', 2],
      ['2026-01-11', 1],
    ]);
  });

  it('counts regions and cities with their countries, a zone’s edges read from quarter rows (Asia/Kathmandu)', async () => {
    const munich = placedIn('DE', 'Bavaria', 'Munich');
    const maastricht = placedIn('NL', 'Limburg', 'Maastricht');
    const hasselt = placedIn('BE', 'Limburg', 'Hasselt');
    const berlin = placedIn('DE', undefined, 'Berlin');
    // Kathmandu's 11 and 12 January run from 18:15 UTC on the 10th to 18:15 UTC on the 12th.
    const { read, codeId } = await scannedAt([
      ['2026-01-10T18:14:00Z', munich],
      ['2026-01-10T18:15:00Z', munich],
      ['2026-01-11T09:00:00Z', berlin],
      ['2026-01-11T10:00:00Z', maastricht],
      ['2026-01-11T12:00:00Z', maastricht],
      ['2026-01-12T09:00:00Z', berlin],
      ['2026-01-12T10:00:00Z', placedIn('NL')],
      ['2026-01-12T18:14:00Z', hasselt],
      ['2026-01-12T18:15:00Z', hasselt],
    ]);
    // The day's rollup counts each place under its own entry, beside the plain country.
    const day = await dayRollup(h.infra.database.db, codeId, dayOf(Date.parse('2026-01-11T00:00:00Z')));
    expect(day!.counts.get('place.region:["NL","Limburg"]')).toBe(2);
    expect(day!.counts.get('place.city:["NL","Limburg","Maastricht"]')).toBe(2);
    expect(day!.counts.get('place.city:["DE",null,"Berlin"]')).toBe(1);
    expect(day!.counts.get('country:NL')).toBe(2);

    const a = await read({ from: '2026-01-11', to: '2026-01-12', tz: 'Asia/Kathmandu' });
    expect(a.totals.scans).toBe(7);
    expect(a.countries).toEqual([
      { value: 'DE', count: 3 },
      { value: 'NL', count: 3 },
      { value: 'BE', count: 1 },
    ]);
    // Only scans whose place is known: Limburg twice, each in its own country; Berlin came without a region, so it has a city only.
    expect(a.regions).toEqual([
      { value: 'Limburg', country: 'NL', count: 2 },
      { value: 'Limburg', country: 'BE', count: 1 },
      { value: 'Bavaria', country: 'DE', count: 1 },
    ]);
    expect(a.cities).toEqual([
      { value: 'Berlin', region: null, country: 'DE', count: 2 },
      { value: 'Maastricht', region: 'Limburg', country: 'NL', count: 2 },
      { value: 'Hasselt', region: 'Limburg', country: 'BE', count: 1 },
      { value: 'Munich', region: 'Bavaria', country: 'DE', count: 1 },
    ]);
    // Each day alone, and the same scans in UTC days, add up to the same places.
    const [first, second] = await Promise.all(
      ['2026-01-11', '2026-01-12'].map((date) => read({ from: date, to: date, tz: 'Asia/Kathmandu' })),
    );
    expect(first!.regions).toEqual([
      { value: 'Limburg', country: 'NL', count: 2 },
      { value: 'Bavaria', country: 'DE', count: 1 },
    ]);
    expect(second!.cities).toEqual([
      { value: 'Hasselt', region: 'Limburg', country: 'BE', count: 1 },
      { value: 'Berlin', region: null, country: 'DE', count: 1 },
    ]);
    const utc = await read({ from: '2026-01-10', to: '2026-01-12', tz: 'UTC' });
    expect(utc.regions).toEqual([
      { value: 'Limburg', country: 'BE', count: 2 },
      { value: 'Bavaria', country: 'DE', count: 2 },
      { value: 'Limburg', country: 'NL', count: 2 },
    ]);
  });

  it('reads the zones furthest from UTC: Pacific/Kiritimati (+14) and Etc/GMT+12 (-12)', async () => {
    // Kiritimati's 10 January ends at 09:59:59 UTC that day; Etc/GMT+12's at 11:59:59 UTC on the 11th.
    const { read } = await scannedAt([
      '2026-01-10T09:59:00Z',
      '2026-01-10T10:00:00Z',
      '2026-01-11T11:59:00Z',
      '2026-01-11T12:00:00Z',
    ]);
    expect(series(await read({ from: '2026-01-10', to: '2026-01-12', tz: 'Pacific/Kiritimati' }))).toEqual([
      ['2026-01-10', 1],
      ['2026-01-11', 1],
      ['2026-01-12', 2],
    ]);
    expect(series(await read({ from: '2026-01-09', to: '2026-01-11', tz: 'Etc/GMT+12' }))).toEqual([
      ['2026-01-09', 2],
      ['2026-01-10', 1],
      ['2026-01-11', 1],
    ]);
    const far = await read({ from: '2026-01-11', to: '2026-01-11', tz: 'Pacific/Kiritimati' });
    expect(far.totals.scans).toBe(1);
    expect(far.countries.reduce((n, c) => n + c.count, 0)).toBe(1);
  });

  it('gives Europe/Berlin’s spring day 23 hours and its autumn day 25 (America/New_York too)', async () => {
    // Berlin, 29 March 2026: clocks go from 02:00 to 03:00 (01:00 UTC); the day ends at 22:00 UTC.
    const berlin = await scannedAt([
      '2026-03-29T00:30:00Z',
      '2026-03-29T01:00:00Z',
      '2026-03-29T21:59:00Z',
      '2026-03-29T22:00:00Z',
    ]);
    const spring = await berlin.read({ from: '2026-03-29', to: '2026-03-29', tz: 'Europe/Berlin', interval: 'hour' });
    expect(spring.totals.scans).toBe(3);
    expect(spring.hourly).toHaveLength(23);
    expect(spring.hourly!.filter((x) => x.scans > 0).map((x) => [x.local, x.scans])).toEqual([
      ['2026-03-29T01:00', 1],
      ['2026-03-29T03:00', 1],
      ['2026-03-29T23:00', 1],
    ]);
    expect(spring.hourly!.map((x) => x.local)).not.toContain('2026-03-29T02:00');
    expect(series(await berlin.read({ from: '2026-03-29', to: '2026-03-30', tz: 'Europe/Berlin' }))).toEqual([
      ['2026-03-29', 3],
      ['2026-03-30', 1],
    ]);

    // New York, 1 November 2026: 01:00 to 02:00 happens twice (05:00 and 06:00 UTC).
    const ny = await scannedAt(['2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z', '2026-11-02T04:59:00Z', '2026-11-02T05:00:00Z']);
    const autumn = await ny.read({ from: '2026-11-01', to: '2026-11-01', tz: 'America/New_York', interval: 'hour' });
    expect(autumn.hourly).toHaveLength(25);
    expect(autumn.hourly!.filter((x) => x.scans > 0).map((x) => [x.at, x.local])).toEqual([
      ['2026-11-01T05:00:00Z', '2026-11-01T01:00'],
      ['2026-11-01T06:00:00Z', '2026-11-01T01:00'],
      ['2026-11-02T04:00:00Z', '2026-11-01T23:00'],
    ]);
    expect(series(await ny.read({ from: '2026-10-31', to: '2026-11-02', tz: 'America/New_York' }))).toEqual([
      ['2026-10-31', 0],
      ['2026-11-01', 3],
      ['2026-11-02', 1],
    ]);
  });

  it('counts when people scan per weekday and hour of the zone, and compares with the days before', async () => {
    // Sunday 11 January 2026, 00:05 in Kathmandu (Saturday 18:20 UTC); Monday 12 January 09:00 there twice.
    const { read } = await scannedAt([
      '2026-01-10T18:20:00Z',
      '2026-01-12T03:15:00Z',
      '2026-01-12T03:16:00Z',
      '2026-01-03T12:00:00Z',
    ]);
    const a = await read({ from: '2026-01-08', to: '2026-01-14', tz: 'Asia/Kathmandu', grid: true, compare: true });
    expect(a.grid).toHaveLength(7);
    expect(a.grid![6]![0]).toBe(1);
    expect(a.grid![0]![9]).toBe(2);
    expect(a.grid!.flat().reduce((n, x) => n + x, 0)).toBe(3);
    expect(a.previous).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-07',
      totals: { scans: 1, uniqueVisitors: 1 },
      change: { scans: 2, uniqueVisitors: 2 },
    });
    expect(a.previous!.daily).toHaveLength(7);
    const quiet = await read({ from: '2025-12-01', to: '2025-12-07', compare: true });
    expect(quiet.previous!.change).toEqual({ scans: null, uniqueVisitors: null });
  });

  it("reads in the account's zone unless the request names one, and refuses ranges it cannot read", async () => {
    const { read, accountId } = await scannedAt(['2026-01-10T18:20:00Z']);
    expect((await read({ from: '2026-01-10', to: '2026-01-11' })).daily.map((d) => d.scans)).toEqual([1, 0]);
    const owner = { ...actorIn(accountId), role: 'owner' as const };
    await expect(h.services.identity.accounts.setTimezone(owner, 'europe/berlin')).resolves.toBe('Europe/Berlin');
    await expect(h.services.identity.accounts.setTimezone(owner, 'Asia/Kathmandu')).resolves.toBe('Asia/Kathmandu');
    const zoned = await read({ from: '2026-01-10', to: '2026-01-11' });
    expect(zoned.tz).toBe('Asia/Kathmandu');
    expect(zoned.daily.map((d) => d.scans)).toEqual([0, 1]);
    expect((await read({ from: '2026-01-10', to: '2026-01-11', tz: 'UTC' })).daily.map((d) => d.scans)).toEqual([1, 0]);
    await expect(h.services.identity.accounts.setTimezone(owner, 'Mars/Olympus')).rejects.toMatchObject({ field: 'timezone' });
    await expect(
      h.services.identity.accounts.setTimezone({ ...actorIn(accountId), role: 'editor' as const }, 'UTC'),
    ).rejects.toMatchObject({ code: 'forbidden' });

    const refused: [Record<string, unknown>, string][] = [
      [{ days: 7, from: '2026-01-01' }, 'days'],
      [{ from: '2026-01-05', to: '2026-01-04' }, 'from'],
      [{ from: '2015-01-01', to: '2026-01-04' }, 'to'],
      [{ from: '2026-02-30' }, 'from'],
      [{ tz: 'Nowhere/Land' }, 'tz'],
      [{ from: '2026-01-01', to: '2026-01-09', interval: 'hour' }, 'interval'],
    ];
    for (const [input, field] of refused) await expect(read(input)).rejects.toMatchObject({ code: 'invalid_request', field });
    // From alone runs up to today (the zone's).
    const upToToday = await read({ from: '2026-11-25', tz: 'Pacific/Kiritimati' });
    expect(upToToday.to).toBe('2026-12-02');
    expect(upToToday.days).toBe(8);
  });
});
