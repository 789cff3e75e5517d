import { sql, type Kysely } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.js';
import { newIdAt } from '../../src/lib/ids.js';
import { DIMENSIONS, TYPE_OF_CODE, dayOf, monthOf, type EventType } from '../../src/traffic/events/events.types.js';
import { decodeCounts } from '../../src/traffic/events/store/counts.js';
import { moveLegacyEvents, type LegacyEventsTable, type MoveProgress } from '../../src/traffic/events/store/legacy-move.js';
import { describeEach, STORES, type StoreTarget } from '../support/stores.js';

const DAY = 86_400_000;
const NOW = Date.now();
/** Events over the 420 days up to now; retention has taken the raw events older than 200 days. */
const START = NOW - 420 * DAY;
const CUTOFF = NOW - 200 * DAY;
const CURRENT_MONTH = monthOf(dayOf(NOW));

const ACCOUNT_A = newIdAt(START - 5 * DAY);
const ACCOUNT_B = newIdAt(START - 4 * DAY);
const HOT = newIdAt(START - 3 * DAY);
const CODES = Array.from({ length: 12 }, (_, i) => newIdAt(START - 3 * DAY + i + 1));
const FORM = newIdAt(START - 2 * DAY);
/** A link whose every raw event is older than the retention window: its type comes from the links table. */
const OLD_LINK = newIdAt(START - 2 * DAY + 1);
/** A target with rollups and no raw event, in no table of the catalogue: counted as scans. */
const GHOST = newIdAt(START - 2 * DAY + 2);
/** A target with breakdowns and no rollup (not in a sound store; moved all the same). */
const ORPHAN = newIdAt(START - 2 * DAY + 4);
/** A target with only excluded hits (automated traffic only). */
const BOTS_ONLY = newIdAt(START - 2 * DAY + 3);

type LegacyEvent = LegacyEventsTable;

/** The tables as 0017 left them (the schema types now describe the compact ones). */
interface OldSchema {
  accounts: {
    id: string;
    name: string;
    plan: string;
    status: string;
    domain: string | null;
    monthly_allowance: number | null;
    rate_per_minute: number | null;
    max_codes: number | null;
    created_at: number;
  };
  links: {
    id: string;
    account_id: string;
    domain: string;
    short_code: string;
    destination: string;
    created_at: number;
    updated_at: number;
  };
  events: LegacyEvent;
  event_rollups: { target_id: string; day: number; account_id: string; events: number; uniques: number };
  event_breakdowns: { target_id: string; dimension: string; day: number; value: string; account_id: string; events: number };
  event_breakdowns_monthly: {
    target_id: string;
    dimension: string;
    month: number;
    value: string;
    account_id: string;
    events: number;
  };
  event_totals: { target_id: string; account_id: string; total: number };
  excluded_hits: { account_id: string; day: number; target_id: string; hits: number };
  daily_visitors: { day: number; target_id: string; visitor: string };
}

const pick = <T>(values: readonly T[], i: number): T => values[i % values.length]!;

/** The events of the store before retention, in the shapes the old benchmark made (bench/event-data.mjs). */
function generateEvents(): LegacyEvent[] {
  const out: LegacyEvent[] = [];
  const add = (i: number, at: number, account: string, type: EventType, target: string) =>
    out.push({
      id: newIdAt(at),
      account_id: account,
      type,
      target_id: target,
      code_id: type === 'scan' ? target : null,
      link_id: type === 'link_click' ? target : null,
      occurred_at: at,
      placement: i % 3 === 0 ? null : `p${i % 7}`,
      country: pick(['US', 'GB', 'DE', 'FR', 'ES', 'IT', 'NL', 'BE', 'JP'], (i * 7) % 20),
      region: i % 5 === 0 ? 'Bavaria' : null,
      city: i % 10 === 0 ? 'München' : null,
      os: pick(['iOS', 'Android', 'Windows', 'Mac OS', 'Linux'], (i * 17) % 5),
      device: pick(
        ['mobile', 'mobile', 'mobile', 'mobile', 'mobile', 'mobile', 'desktop', 'desktop', 'tablet', 'unknown'],
        i * 13,
      ),
      browser: i % 11 === 0 ? null : pick(['Mobile Safari', 'Chrome', 'Firefox', 'Edge'], (i * 19) % 4),
    });
  const N = 2_400;
  const step = Math.floor((NOW - START) / N);
  for (let i = 0; i < N; i += 1) add(i, START + i * step, ACCOUNT_A, 'scan', i % 10 === 0 ? HOT : pick(CODES, i));
  for (let i = 0; i < 300; i += 1) add(i, START + i * step * 8 + 7, ACCOUNT_B, i % 3 === 2 ? 'form_submit' : 'form_view', FORM);
  for (let i = 0; i < 80; i += 1) add(i, START + i * step + 11, ACCOUNT_B, 'link_click', OLD_LINK);
  return out;
}

/** Fills an old (0017) store: events, rollups, breakdowns, monthly breakdowns, totals, excluded hits, visitors. */
async function fillOldStore(database: Database): Promise<void> {
  const db = database.db as unknown as Kysely<OldSchema>;
  const account = (id: string) => ({
    id,
    name: id,
    plan: 'business',
    status: 'active',
    domain: null,
    monthly_allowance: null,
    rate_per_minute: null,
    max_codes: null,
    created_at: 1,
  });
  await db
    .insertInto('accounts')
    .values([account(ACCOUNT_A), account(ACCOUNT_B)])
    .execute();
  await db
    .insertInto('links')
    .values({
      id: OLD_LINK,
      account_id: ACCOUNT_B,
      domain: '',
      short_code: 'old',
      destination: 'https://x.example/',
      created_at: 1,
      updated_at: 1,
    })
    .execute();

  const events = generateEvents();
  const ghostDays = [dayOf(START) + 3, dayOf(START) + 4, dayOf(START) + 40];
  // Rollups as the writer kept them, over every event, retention or not.
  const rollups = new Map<string, OldSchema['event_rollups']>();
  const daily = new Map<string, OldSchema['event_breakdowns']>();
  const monthly = new Map<string, OldSchema['event_breakdowns_monthly']>();
  const totals = new Map<string, OldSchema['event_totals']>();
  const count = (target: string, account: string, day: number, values: Partial<Record<string, unknown>>, n: number) => {
    const key = `${target}|${day}`;
    const r = rollups.get(key) ?? { target_id: target, day, account_id: account, events: 0, uniques: 0 };
    r.events += n;
    r.uniques = Math.floor((r.events * 8) / 10);
    rollups.set(key, r);
    const t = totals.get(target) ?? { target_id: target, account_id: account, total: 0 };
    t.total += n;
    totals.set(target, t);
    for (const dimension of DIMENSIONS) {
      const value = (values[dimension] as string | null | undefined) ?? '';
      const d = `${key}|${dimension}|${value}`;
      const b = daily.get(d) ?? { target_id: target, dimension, day, value, account_id: account, events: 0 };
      b.events += n;
      daily.set(d, b);
      const month = monthOf(day);
      if (month >= CURRENT_MONTH) continue;
      const m = `${target}|${month}|${dimension}|${value}`;
      const mb = monthly.get(m) ?? { target_id: target, dimension, month, value, account_id: account, events: 0 };
      mb.events += n;
      monthly.set(m, mb);
    }
  };
  for (const e of events) count(e.target_id, e.account_id, dayOf(e.occurred_at), { ...e }, 1);
  for (const day of ghostDays) count(GHOST, ACCOUNT_A, day, { country: 'DE', device: 'mobile' }, 3);
  for (const day of ghostDays) {
    daily.set(`orphan|${day}`, {
      target_id: ORPHAN,
      dimension: 'country',
      day,
      value: 'Atlantis',
      account_id: ACCOUNT_B,
      events: 2,
    });
    const month = monthOf(day);
    monthly.set(`orphan|${month}`, {
      target_id: ORPHAN,
      dimension: 'os',
      month,
      value: 'Plan 9',
      account_id: ACCOUNT_B,
      events: 5,
    });
  }

  const insert = async <T extends keyof OldSchema>(table: T, rows: OldSchema[T][]) => {
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto(table)
        .values(rows.slice(i, i + 200) as never)
        .execute();
  };
  await insert(
    'events',
    events.filter((e) => e.occurred_at >= CUTOFF),
  );
  await insert('event_rollups', [...rollups.values()]);
  await insert('event_breakdowns', [...daily.values()]);
  await insert('event_breakdowns_monthly', [...monthly.values()]);
  await insert('event_totals', [...totals.values()]);
  const today = dayOf(NOW);
  await insert('excluded_hits', [
    { account_id: ACCOUNT_A, day: today - 1, target_id: HOT, hits: 7 },
    { account_id: ACCOUNT_A, day: today, target_id: HOT, hits: 2 },
    { account_id: ACCOUNT_A, day: today, target_id: BOTS_ONLY, hits: 40 },
    { account_id: ACCOUNT_B, day: today - 300, target_id: OLD_LINK, hits: 1 },
  ]);
  const hash = (n: number) => n.toString(16).padStart(8, '0').repeat(8);
  await insert(
    'daily_visitors',
    [today - 1, today].flatMap((day) =>
      [HOT, FORM, CODES[0]!, 'no-such-target'].flatMap((target, t) =>
        Array.from({ length: 3 + t }, (_, v) => ({ day, target_id: target, visitor: hash(day * 100 + t * 10 + v) })),
      ),
    ),
  );
}

/** Everything the analytics read, in one shape for both stores. */
interface Snapshot {
  events: Record<string, unknown>[];
  days: Record<string, { events: number; uniques: number; values: string[]; types: Record<string, number> }>;
  months: Record<string, { events: number; uniques: number; values: string[]; types: Record<string, number> }>;
  totals: Record<string, number>;
  excluded: Record<string, number>;
  visitors: string[];
}

/**
 * What the legacy tables hold, with the types the move gives the rollups: per day the raw events' own
 * types, and the rest (taken by retention) of the target's usual type.
 */
async function legacySnapshot(db: Kysely<never>): Promise<Snapshot> {
  const all = async <R>(query: string) => (await sql.raw<R>(query).execute(db)).rows;
  const events = await all<LegacyEvent>('select * from legacy_events order by id');
  const raw = new Map<string, Map<string, number>>();
  const perTarget = new Map<string, Map<string, number>>();
  const bump = (map: Map<string, Map<string, number>>, key: string, type: string) => {
    const types = map.get(key) ?? new Map<string, number>();
    types.set(type, (types.get(type) ?? 0) + 1);
    map.set(key, types);
  };
  for (const e of events) {
    bump(raw, `${e.target_id}|${dayOf(Number(e.occurred_at))}`, e.type);
    bump(perTarget, e.target_id, e.type);
  }
  const usual = (target: string) => {
    const types = perTarget.get(target);
    if (types) return [...types].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
    return target === OLD_LINK ? 'link_click' : 'scan';
  };
  const days: Snapshot['days'] = {};
  for (const r of await all<OldSchema['event_rollups']>('select * from legacy_event_rollups')) {
    const key = `${r.target_id}|${r.day}`;
    const types: Record<string, number> = {};
    let counted = 0;
    for (const [type, n] of raw.get(key) ?? []) {
      types[type] = n;
      counted += n;
    }
    const rest = Number(r.events) - counted;
    if (rest > 0) types[usual(r.target_id)] = (types[usual(r.target_id)] ?? 0) + rest;
    days[key] = { events: Number(r.events), uniques: Number(r.uniques), values: [], types };
  }
  for (const b of await all<OldSchema['event_breakdowns']>('select * from legacy_event_breakdowns')) {
    const key = `${b.target_id}|${b.day}`;
    days[key] ??= { events: 0, uniques: 0, values: [], types: {} };
    days[key].values.push(`${b.dimension}=${b.value}:${b.events}`);
  }
  const months: Snapshot['months'] = {};
  for (const m of await all<OldSchema['event_breakdowns_monthly']>('select * from legacy_event_breakdowns_monthly')) {
    const key = `${m.target_id}|${m.month}`;
    months[key] ??= { events: 0, uniques: 0, values: [], types: {} };
    months[key].values.push(`${m.dimension}=${m.value}:${m.events}`);
  }
  for (const [key, day] of Object.entries(days)) {
    const [target, at] = key.split('|');
    const month = months[`${target}|${monthOf(Number(at))}`];
    if (!month) continue;
    month.events += day.events;
    month.uniques += day.uniques;
    for (const [type, n] of Object.entries(day.types)) month.types[type] = (month.types[type] ?? 0) + n;
  }
  for (const p of [...Object.values(days), ...Object.values(months)]) p.values.sort();
  const totals: Snapshot['totals'] = {};
  for (const t of await all<OldSchema['event_totals']>('select * from legacy_event_totals'))
    totals[t.target_id] = Number(t.total);
  const excluded: Snapshot['excluded'] = {};
  for (const x of await all<OldSchema['excluded_hits']>('select * from legacy_excluded_hits'))
    excluded[`${x.target_id}|${x.day}`] = Number(x.hits);
  const visitors = (await all<OldSchema['daily_visitors']>('select * from legacy_daily_visitors'))
    .filter((v) => v.target_id !== 'no-such-target')
    .map((v) => `${v.day}|${v.target_id}|${v.visitor.slice(0, 16)}`)
    .sort();
  return {
    events: events.map((e) => ({
      account: e.account_id,
      type: e.type,
      target: e.target_id,
      at: Number(e.occurred_at),
      placement: e.placement,
      country: e.country,
      region: e.region,
      city: e.city,
      os: e.os,
      device: e.device,
      browser: e.browser,
    })),
    days,
    months,
    totals,
    excluded,
    visitors,
  };
}

/** The compact tables decoded back to keys and values. */
async function compactSnapshot(database: Database): Promise<Snapshot> {
  const db = database.db;
  const accounts = new Map((await db.selectFrom('event_accounts').selectAll().execute()).map((r) => [Number(r.id), r.key]));
  const targetRows = await db.selectFrom('event_targets').selectAll().execute();
  const targets = new Map(targetRows.map((r) => [Number(r.id), r.key]));
  const values = new Map((await db.selectFrom('event_values').selectAll().execute()).map((r) => [Number(r.id), r]));
  const valueOf = (code: number | null) => (code === null ? null : values.get(Number(code))!.value);
  const rows = await db.selectFrom('events').selectAll().orderBy('seq').execute();
  const periods = (stored: { target: number; at: number; events: number; uniques: number; counts: Uint8Array }[]) => {
    const out: Snapshot['days'] = {};
    for (const r of stored) {
      // Both drivers hand a blob back as a Buffer.
      expect(Buffer.isBuffer(r.counts)).toBe(true);
      const period = {
        events: Number(r.events),
        uniques: Number(r.uniques),
        values: [] as string[],
        types: {} as Record<string, number>,
      };
      for (const [code, n] of decodeCounts(r.counts)) {
        const { dimension, value } = values.get(code)!;
        if (dimension === 'type') period.types[value] = n;
        else period.values.push(`${dimension}=${value}:${n}`);
      }
      period.values.sort();
      out[`${targets.get(Number(r.target))}|${r.at}`] = period;
    }
    return out;
  };
  const days = await db.selectFrom('event_days').selectAll().execute();
  const months = await db.selectFrom('event_months').selectAll().execute();
  return {
    events: rows.map((r) => ({
      account: accounts.get(Number(r.account)),
      type: TYPE_OF_CODE.get(Number(r.type)),
      target: targets.get(Number(r.target)),
      at: Number(r.at),
      placement: valueOf(r.placement),
      country: valueOf(r.country),
      region: valueOf(r.region),
      city: valueOf(r.city),
      os: valueOf(r.os),
      device: valueOf(r.device),
      browser: valueOf(r.browser),
    })),
    days: periods(days.map((d) => ({ ...d, at: Number(d.day) }))),
    months: periods(months.map((m) => ({ ...m, at: Number(m.month) }))),
    totals: Object.fromEntries(targetRows.filter((t) => Number(t.total) > 0).map((t) => [t.key, Number(t.total)])),
    excluded: Object.fromEntries(
      (await db.selectFrom('excluded_hits').selectAll().execute()).map((x) => [
        `${targets.get(Number(x.target))}|${x.day}`,
        Number(x.hits),
      ]),
    ),
    visitors: (await db.selectFrom('daily_visitors').selectAll().execute())
      .map((v) => `${v.day}|${targets.get(Number(v.target))}|${v.visitor}`)
      .sort(),
  };
}

/** The store's tables whose names start with `legacy_` or are the old events partitions. */
async function leftovers(database: Database): Promise<string[]> {
  const { rows } =
    database.dialect === 'postgres'
      ? await sql<{ name: string }>`select relname as name from pg_class where relkind in ('r', 'p')
          and relnamespace = current_schema()::regnamespace`.execute(database.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(database.db);
  return rows
    .map((r) => r.name)
    .filter((n) => n.startsWith('legacy_') || /^events_(history|\d{4}_\d{2})$/.test(n))
    .sort();
}

describeEach(STORES)('moving the legacy events into the compact store ($name)', (store: StoreTarget) => {
  const opened: { database: Database; drop(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const o of opened.splice(0)) {
      await o.database.close();
      await o.drop();
    }
  });

  /** An old store filled with legacy rows, migrated to the latest schema: the legacy tables wait to be moved. */
  async function upgraded(fill = true): Promise<{ database: Database; before: Snapshot; open(): Database }> {
    const target = await store.create();
    const database = openDatabase(target.url, { schema: target.schema });
    opened.push({ database, drop: target.drop });
    await migrateTo(database, '0017_gs1_namespaces');
    if (fill) await fillOldStore(database);
    await migrateToLatest(database);
    const before = await legacySnapshot(database.db as unknown as Kysely<never>);
    const open = () => {
      const other = openDatabase(target.url, { schema: target.schema });
      opened.unshift({ database: other, drop: async () => undefined });
      return other;
    };
    return { database, before, open };
  }

  it('moves every event, rollup, total, excluded hit and visitor, and drops the legacy tables', async () => {
    const { database, before } = await upgraded();
    expect(before.events.length).toBeGreaterThan(1000);
    expect(await leftovers(database)).toContain('legacy_events');
    // On PostgreSQL the old events table is partitioned: its history, its months and its default partition.
    if (store.name === 'postgres')
      expect(await leftovers(database)).toEqual(expect.arrayContaining(['events_history', 'legacy_events_default']));
    const progress: MoveProgress[] = [];
    const { moved } = await moveLegacyEvents(database.db, { chunk: 300, log: (p) => progress.push(p) });
    expect(moved).toBe(before.events.length);

    const after = await compactSnapshot(database);
    expect(after.events).toEqual(before.events);
    expect(after.days).toEqual(before.days);
    expect(after.months).toEqual(before.months);
    expect(after.totals).toEqual(before.totals);
    expect(after.excluded).toEqual(before.excluded);
    expect(after.visitors).toEqual(before.visitors);
    expect(await leftovers(database)).toEqual([]);

    // The figures the test relies on are really there: exact types where raw events are kept, the usual
    // type for the days retention emptied, the catalogue's for a target with no raw event left.
    const form = Object.entries(after.days).filter(([k]) => k.startsWith(FORM));
    expect(form.some(([, d]) => (d.types.form_submit ?? 0) > 0)).toBe(true);
    expect(Object.entries(after.days).find(([k]) => k.startsWith(OLD_LINK))![1].types).toHaveProperty('link_click');
    expect(Object.entries(after.days).find(([k]) => k.startsWith(GHOST))![1].types).toEqual({ scan: 3 });
    for (const day of Object.values(after.days)) expect(Object.values(day.types).reduce((a, b) => a + b, 0)).toBe(day.events);
    expect(Object.keys(after.months).length).toBeGreaterThan(10);
    expect(Object.entries(after.days).filter(([k]) => k.startsWith(ORPHAN))).toHaveLength(3);

    // Progress per table, each ending at its total; the events' seq follows their legacy ids.
    const last = (table: string) => progress.filter((p) => p.table === table).at(-1);
    expect(last('events')).toEqual({ table: 'events', moved: before.events.length, total: before.events.length });
    expect(progress.filter((p) => p.table === 'events').length).toBeGreaterThanOrEqual(Math.ceil(before.events.length / 300));
    expect(last('event_rollups')).toMatchObject({ moved: Object.values(before.days).filter((d) => d.events > 0).length });
    expect(last('excluded_hits')).toMatchObject({ moved: 4, total: 4 });

    // Every later start finds nothing to do.
    const nothing = () => {
      throw new Error('nothing was to be moved');
    };
    expect(await moveLegacyEvents(database.db, { log: nothing })).toEqual({ moved: 0 });
  });

  for (const stopIn of ['events', 'event_rollups', 'event_totals', 'daily_visitors']) {
    it(`resumes a move stopped in ${stopIn} where it stopped, duplicating nothing`, async () => {
      const { database, before } = await upgraded();
      let seen = 0;
      const stop = (p: MoveProgress) => {
        if (p.table === stopIn && ++seen === 2) throw new Error('stopped');
      };
      const chunk = stopIn === 'events' ? 400 : 5;
      await expect(moveLegacyEvents(database.db, { chunk, log: stop })).rejects.toThrow('stopped');
      if (stopIn === 'events') {
        const { rows } = await sql<{ n: number }>`select count(*) as n from legacy_events`.execute(database.db);
        expect(Number(rows[0]!.n)).toBe(before.events.length - 800);
        expect(await database.db.selectFrom('events').select('seq').execute()).toHaveLength(800);
      }
      const { moved } = await moveLegacyEvents(database.db, { chunk });
      expect(moved).toBe(stopIn === 'events' ? before.events.length - 800 : 0);
      const after = await compactSnapshot(database);
      expect(after).toEqual(before);
      expect(await leftovers(database)).toEqual([]);
    });
  }

  it('rolls a failed chunk back whole; the next run moves it', async () => {
    const { database, before } = await upgraded();
    const { rows } = await sql<{ id: string }>`select id from legacy_events order by id limit 1 offset 1000`.execute(database.db);
    const broken = rows[0]!.id;
    const { rows: typed } = await sql<{ type: string }>`select type from legacy_events where id = ${broken}`.execute(database.db);
    await sql`update legacy_events set type = 'no_such_type' where id = ${broken}`.execute(database.db);
    await expect(moveLegacyEvents(database.db, { chunk: 300 })).rejects.toThrow();
    // The chunks before the broken one are moved; the broken one is not, not even in part.
    const moved = await database.db.selectFrom('events').select('seq').execute();
    expect(moved).toHaveLength(900);
    await sql`update legacy_events set type = ${typed[0]!.type} where id = ${broken}`.execute(database.db);
    await moveLegacyEvents(database.db, { chunk: 300 });
    expect(await compactSnapshot(database)).toEqual(before);
  });

  it('drops the empty legacy tables of a store without events and does nothing else', async () => {
    const { database } = await upgraded(false);
    expect(await leftovers(database)).toContain('legacy_event_rollups');
    const progress: MoveProgress[] = [];
    expect(await moveLegacyEvents(database.db, { log: (p) => progress.push(p) })).toEqual({ moved: 0 });
    expect(progress.every((p) => p.moved === 0 && p.total === 0)).toBe(true);
    expect(await leftovers(database)).toEqual([]);
    for (const table of ['events', 'event_accounts', 'event_targets', 'event_values', 'event_days', 'event_months'] as const)
      expect(await database.db.selectFrom(table).selectAll().execute()).toEqual([]);
  });

  if (store.name === 'postgres') {
    it('lets two instances move the same store at once, each chunk moved by one of them', async () => {
      const { database, before, open } = await upgraded();
      const other = open();
      const [a, b] = await Promise.all([
        moveLegacyEvents(database.db, { chunk: 200 }),
        moveLegacyEvents(other.db, { chunk: 200 }),
      ]);
      expect(a.moved + b.moved).toBe(before.events.length);
      expect(await compactSnapshot(database)).toEqual(before);
      expect(await leftovers(database)).toEqual([]);
    });
  }
});
