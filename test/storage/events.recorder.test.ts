import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { Reader } from 'maxmind';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { DAY_MS } from '../../src/traffic/events/events.types.js';
import { AnalyticsRepository } from '../../src/traffic/analytics/store/analytics.repository.js';
import { SYSTEM } from '../../src/platform/authz/roles.policy.js';
import { createHarness, type Harness } from '../support/harness.js';
import { actorIn } from '../support/actors.js';
import { DESKTOP, hit, IPAD, IPHONE, recordAll } from '../support/hits.js';
import { describeEach, STORES } from '../support/stores.js';

const BOTS = [
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'Twitterbot/1.0',
  'WhatsApp/2.23.20.0 A',
  'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  'TelegramBot (like TwitterBot)',
  'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1)',
  'curl/8.5.0',
  '',
];

describeEach(STORES)('event recording ($name)', (store) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(store);
  });
  afterAll(() => h.close());

  const tenant = async () => (await h.factory.tenant()).account.id;

  /**
   * Where the embedded IP database puts an address, read straight from its file. The places change with
   * each release of the data, so the test holds the event to the file rather than to a city: a country
   * code, and the region and city as the file names them (none when it leaves them empty).
   */
  const located = (address: string) => {
    const files = h.config.events.geoipFiles;
    expect(files.length, 'the embedded IP database is installed').toBeGreaterThan(0);
    for (const file of files) {
      const reader = new Reader<Record<string, unknown>>(readFileSync(file));
      if (reader.metadata.ipVersion !== (address.includes(':') ? 6 : 4)) continue;
      const row = reader.get(address) as { country_code?: string; state1?: string; city?: string } | null;
      expect(row?.country_code).toMatch(/^[A-Z]{2}$/);
      return { country: row!.country_code, region: row!.state1 || null, city: row!.city || null };
    }
    throw new Error(`no IP database file for ${address}`);
  };

  it('turns a code hit into a scan and a link hit into a link_click, with agent, location and placement', async () => {
    const accountId = await tenant();
    const codeId = newId();
    const linkId = newId();
    await recordAll(h, [
      hit(h, { accountId, targetId: codeId, clientAddress: '81.2.69.142', placement: 'poster-3' }),
      hit(h, { accountId, targetId: linkId, kind: 'link', userAgent: DESKTOP, clientAddress: '2001:4860:4860::8888' }),
    ]);
    const { events } = await h.services.traffic.analytics.list(actorIn(accountId));
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({
      type: 'scan',
      codeId,
      linkId: null,
      occurredAt: h.clock.now(),
      placement: 'poster-3',
      ...located('81.2.69.142'),
      os: 'iOS',
      device: 'mobile',
      browser: 'Mobile Safari',
    });
    expect(events[0]).toMatchObject({
      type: 'link_click',
      codeId: null,
      linkId,
      ...located('2001:4860:4860::8888'),
      device: 'desktop',
      os: 'Windows',
    });
    expect((await h.services.traffic.events.totals([codeId, linkId])).get(linkId)).toBe(1);
  });

  it('takes the country from a trusted CDN header when configured', async () => {
    const cdn = await createHarness(store, { env: { GEO_COUNTRY_HEADER: 'CF-IPCountry', GEOIP_DB: 'off' } });
    try {
      const { account } = await cdn.factory.tenant();
      await recordAll(cdn, [
        hit(cdn, { accountId: account.id, targetId: newId(), headers: { 'cf-ipcountry': 'de' } }),
        hit(cdn, { accountId: account.id, targetId: newId(), headers: { 'cf-ipcountry': 'XX' } }),
        hit(cdn, { accountId: account.id, targetId: newId(), userAgent: IPAD }),
      ]);
      const { events } = await cdn.services.traffic.analytics.list(actorIn(account.id));
      expect(events.map((e) => [e.country, e.device])).toEqual([
        [null, 'tablet'],
        [null, 'mobile'],
        ['DE', 'mobile'],
      ]);
    } finally {
      await cdn.close();
    }
  });

  it('excludes link-preview robots, crawlers, empty agents and HEAD, but counts them per day', async () => {
    const accountId = await tenant();
    const codeId = newId();
    const other = newId();
    await recordAll(h, [
      ...BOTS.map((userAgent) => hit(h, { accountId, targetId: codeId, userAgent })),
      hit(h, { accountId, targetId: codeId, userAgent: null }),
      hit(h, { accountId, targetId: codeId, method: 'HEAD' }),
      hit(h, { accountId, targetId: other, method: 'head', kind: 'link' }),
      hit(h, { accountId, targetId: codeId }),
    ]);
    const { events } = await h.services.traffic.analytics.list(actorIn(accountId));
    expect(events).toHaveLength(1);
    const analytics = await h.services.traffic.analytics.codeAnalytics(actorIn(accountId), { codeId, days: 1 });
    expect(analytics.totals).toEqual({ scans: 1, uniqueVisitors: 1, excluded: BOTS.length + 2 });
    expect((await h.services.traffic.events.totals([codeId])).get(codeId)).toBe(1);
    const today = new Date(h.clock.now()).toISOString().slice(0, 10);
    expect(await h.services.traffic.analytics.excluded(actorIn(accountId), { targetId: codeId, days: 1 })).toEqual({
      total: BOTS.length + 2,
      daily: [{ date: today, excluded: BOTS.length + 2 }],
    });
    expect((await h.services.traffic.analytics.excluded(actorIn(accountId), { days: 2 })).total).toBe(BOTS.length + 3);
  });

  it('stores no client address anywhere: no column of any table, no byte of the database file', async () => {
    const accountId = await tenant();
    const addresses = ['81.2.69.142', '2001:db8:85a3::8a2e:370:7334', '203.0.113.199'];
    await recordAll(
      h,
      addresses.flatMap((clientAddress) => [
        hit(h, { accountId, targetId: newId(), clientAddress, placement: 'p' }),
        hit(h, { accountId, targetId: newId(), clientAddress, kind: 'link', userAgent: DESKTOP }),
        hit(h, { accountId, targetId: newId(), clientAddress, userAgent: 'Twitterbot/1.0' }),
      ]),
    );
    const db = h.infra.database.db;
    const own = await sql<{ schema: string }>`select current_schema() as schema`.execute(db).catch(() => null);
    const schema = h.store === 'postgres' ? own?.rows[0]?.schema : undefined;
    const tables = (await db.introspection.getTables()).filter((t) => schema === undefined || t.schema === schema);
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['events', 'event_days', 'event_values', 'daily_visitors']));
    for (const table of tables) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(db);
      const text = JSON.stringify(rows.rows);
      for (const address of addresses) expect(text, `table ${table.name}`).not.toContain(address);
    }
    if (h.store === 'sqlite') {
      const file = h.config.databaseUrl.slice('sqlite:'.length);
      for (const f of [file, `${file}-wal`]) {
        let bytes: Buffer;
        try {
          bytes = readFileSync(f);
        } catch {
          continue;
        }
        for (const address of addresses) expect(bytes.includes(Buffer.from(address)), f).toBe(false);
      }
    }
  });

  it('counts a visitor once a day per code, twice over two days, and destroys the salt after the day', async () => {
    const accountId = await tenant();
    const codeId = newId();
    const day1 = h.clock.now();
    await recordAll(h, [
      hit(h, { accountId, targetId: codeId }),
      hit(h, { accountId, targetId: codeId }),
      hit(h, { accountId, targetId: codeId, clientAddress: '198.51.100.8' }),
      hit(h, { accountId, targetId: codeId, userAgent: DESKTOP }),
    ]);
    let analytics = await h.services.traffic.analytics.codeAnalytics(actorIn(accountId), { codeId, days: 1 });
    expect(analytics.totals).toEqual({ scans: 4, uniqueVisitors: 3, excluded: 0 });

    h.clock.advance(DAY_MS);
    await h.services.traffic.events.destroyPastSalts(SYSTEM);
    const db = h.infra.database.db;
    const day1Number = Math.floor(day1 / DAY_MS);
    expect(await db.selectFrom('visitor_salts').select('day').where('day', '=', day1Number).execute()).toEqual([]);
    expect(await db.selectFrom('daily_visitors').select('day').where('day', '=', day1Number).execute()).toEqual([]);

    await recordAll(h, [hit(h, { accountId, targetId: codeId }), hit(h, { accountId, targetId: codeId })]);
    analytics = await h.services.traffic.analytics.codeAnalytics(actorIn(accountId), { codeId, days: 2 });
    expect(analytics.totals).toEqual({ scans: 6, uniqueVisitors: 4, excluded: 0 });
    expect(analytics.daily.map((d) => d.uniqueVisitors)).toEqual([3, 1]);
    const salts = await db.selectFrom('visitor_salts').select('day').execute();
    expect(salts.map((s) => Number(s.day))).not.toContain(day1Number);
    h.clock.set(day1);
  });

  it('keeps rollups, breakdowns and totals equal to the raw events', async () => {
    const accountId = await tenant();
    const codes = [newId(), newId(), newId()];
    const agents = [IPHONE, DESKTOP, IPAD];
    const addresses = ['81.2.69.142', '8.8.8.8', '198.51.100.9', null];
    const start = h.clock.now();
    const hits = [];
    for (let i = 0; i < 300; i += 1) {
      h.clock.set(start - (i % 5) * DAY_MS - i * 1000);
      hits.push(
        hit(h, {
          accountId,
          targetId: codes[i % 3]!,
          userAgent: agents[(i * 7) % 3]!,
          clientAddress: addresses[(i * 5) % 4]!,
          placement: i % 4 === 0 ? null : `p${i % 3}`,
        }),
      );
      if (i % 50 === 0) await h.services.traffic.recorder.flush();
      h.services.traffic.recorder.record(hits.at(-1)!);
    }
    await h.services.traffic.recorder.flush();
    h.clock.set(start);
    const db = h.infra.database.db;
    for (const codeId of codes) {
      const raw = await new AnalyticsRepository(db, h.services.traffic.eventKeys).page({ accountId, codeId, limit: 1000 });
      const analytics = await h.services.traffic.analytics.codeAnalytics(actorIn(accountId), { codeId, days: 7 });
      expect(analytics.totals.scans).toBe(raw.length);
      expect((await h.services.traffic.events.totals([codeId])).get(codeId)).toBe(raw.length);
      const perDay = new Map<string, number>();
      for (const r of raw) {
        const date = new Date(r.occurredAt).toISOString().slice(0, 10);
        perDay.set(date, (perDay.get(date) ?? 0) + 1);
      }
      for (const d of analytics.daily) expect(d.scans).toBe(perDay.get(d.date) ?? 0);
      const count = (column: 'country' | 'device' | 'os' | 'browser' | 'placement') => {
        const m = new Map<string | null, number>();
        for (const r of raw) m.set(r[column], (m.get(r[column]) ?? 0) + 1);
        return m;
      };
      const asMap = (list: { value: string | null; count: number }[]) => new Map(list.map((b) => [b.value, b.count]));
      expect(asMap(analytics.countries)).toEqual(count('country'));
      expect(asMap(analytics.devices)).toEqual(count('device'));
      expect(asMap(analytics.os)).toEqual(count('os'));
      expect(asMap(analytics.browsers)).toEqual(count('browser'));
      expect(asMap(analytics.placements)).toEqual(count('placement'));
    }
  });

  it('passes the inserted events to batch listeners inside the transaction, and retries the batch if one fails', async () => {
    const accountId = await tenant();
    const codeId = newId();
    const seen: string[] = [];
    let fail = true;
    h.services.traffic.recorder.onBatch(async (_trx, events) => {
      const mine = events.filter((e) => e.accountId === accountId);
      // Fails until the test says otherwise, so a timed retry in between fails as well.
      if (mine.length > 0 && fail) throw new Error('outbox unavailable');
      seen.push(...mine.map((e) => e.id));
    });
    h.services.traffic.recorder.record(hit(h, { accountId, targetId: codeId }));
    await expect(h.services.traffic.recorder.flush()).rejects.toThrow('outbox unavailable');
    expect(await h.services.traffic.analytics.list(actorIn(accountId))).toMatchObject({ events: [] });
    fail = false;
    await h.services.traffic.recorder.flush();
    const { events } = await h.services.traffic.analytics.list(actorIn(accountId));
    expect(events).toHaveLength(1);
    expect(seen).toEqual([events[0]!.id]);
    expect((await h.services.traffic.events.totals([codeId])).get(codeId)).toBe(1);
  });
});
