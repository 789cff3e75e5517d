// The generated events of the events benchmarks (bench/events.mjs, bench/partitions.mjs): generation
// through the events writer with its rollups, the monthly compaction, timing, the store's size and
// query plans, and ingest through the recorder. Needs the build (dist/).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate as tick } from 'node:timers/promises';
import { CompiledQuery, sql } from 'kysely';
import { loadConfig } from '../dist/config/config.js';
import { ensureRangesAhead } from '../dist/db/partitions.js';
import { transactor } from '../dist/db/transaction.js';
import { systemClock } from '../dist/lib/clock.js';
import { SYSTEM } from '../dist/platform/authz/roles.policy.js';
import { EventKeys } from '../dist/traffic/events/store/event-keys.js';
import { EventBatchRepository } from '../dist/traffic/events/store/events.batch.repository.js';
import { EventsRepository } from '../dist/traffic/events/store/events.repository.js';
import { MmdbGeoLocator } from '../dist/traffic/events/events.geo.js';
import { EventRecorder } from '../dist/traffic/events/events.recorder.js';
import { EventsService } from '../dist/traffic/events/events.service.js';
import { BatchWriter } from '../dist/traffic/events/events.writer.js';
import { SaltsRepository, VisitorSalts } from '../dist/traffic/events/store/events.salts.js';

export const DAY = 86_400_000;
export const ACCOUNT = '01900000-0000-7000-8000-00000000acc0';
export const HOT = '01900000-0000-7000-8000-000000000000';
export const PREFIX = '01900000-0000-7000-8000-';
export const NOW = systemClock.now();
/** The generated events spread evenly over the 3,650 days up to now. */
export const START = (Math.floor(NOW / DAY) - 3649) * DAY;

export const log = (...parts) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...parts);
export const ms = (x) => `${x.toFixed(2)} ms`;

/** Events written at a time, as the product's writer does (500 on SQLite, where it shares the serving thread). */
export const writerChunk = (dialect) => (dialect === 'sqlite' ? 500 : 2000);

const COUNTRIES = 'USGBDEFRESITNLBEJPCNINBRCAAUMXSEPLCHATIE';
const SYSTEMS = ['iOS', 'Android', 'Windows', 'Mac OS', 'Linux'];
const BROWSERS = ['Mobile Safari', 'Chrome', 'Firefox', 'Edge'];
const hex16 = (n) => n.toString(16).padStart(16, '0');

/**
 * Event number `i` of the generated history: 10% on the hot code, the rest over 900 codes; 20
 * countries, 4 device classes, 5 systems, 4 browsers, 7 placements and none; about one event in five
 * by a visitor seen before.
 */
export function eventOf(i, step) {
  const code = i % 10 === 0 ? HOT : `${PREFIX}${String(1 + (i % 1000)).padStart(12, '0')}`;
  const country = ((i * 7) % 20) * 2;
  const device = (i * 13) % 10;
  return {
    accountId: ACCOUNT,
    type: 'scan',
    targetId: code,
    codeId: code,
    linkId: null,
    occurredAt: START + i * step,
    placement: i % 3 === 0 ? null : `p${i % 7}`,
    country: COUNTRIES.slice(country, country + 2),
    region: null,
    city: null,
    os: SYSTEMS[(i * 17) % 5],
    device: device < 6 ? 'mobile' : device < 8 ? 'desktop' : device === 8 ? 'tablet' : 'unknown',
    browser: BROWSERS[(i * 19) % 4],
    // Event i - 1000 is of the same code, usually the same day.
    visitor: hex16(i % 5 === 4 && i >= 1000 ? i - 1000 : i),
  };
}

/**
 * Writes `N` events, oldest first, through the product's writer (BatchWriter over EventBatchRepository
 * with EventKeys: events, daily rollups, totals and visitor hashes), `batch` events a batch, in the
 * writer's own chunks and transactions. Deletes each finished day's visitor hashes as the salts job
 * does; on PostgreSQL keeps the partitions of the range being written and of the next one ready before
 * each batch as their job does (`rangeSize`: ranges of another size; null: a table without
 * partitions) and vacuums as autovacuum would. Then compacts every closed month as the compaction job
 * does (one month a call, EventsService.compactClosedMonth) and analyses the store (PostgreSQL only:
 * the product never runs ANALYZE on SQLite). Returns the seconds each step took. `start` and `event`
 * give another history: events from `start` up to now, event number i being `event(i, step)`.
 */
export async function generate(database, N, { batch = 20_000, rangeSize, start = START, event = eventOf } = {}) {
  const { db, dialect } = database;
  const STEP = Math.max(1, Math.floor((NOW - start) / N));
  const keys = new EventKeys(db);
  const never = 1e9;
  const writer = new BatchWriter(
    {
      transactor: transactor(db),
      batches: new EventBatchRepository(database.bulk, keys, systemClock),
      othersWaiting: database.othersWaiting,
    },
    { maxBatch: never, chunk: writerChunk(dialect), flushIntervalMs: never, maxWindowMs: never },
  );
  const salts = new SaltsRepository(db);
  const repository = new EventsRepository(db, keys, database.bulk);
  const events = new EventsService(repository, salts, systemClock);
  const ranges = async () => {
    if (dialect !== 'postgres' || rangeSize === null) return;
    if (rangeSize === undefined) await events.preparePartitions();
    else await ensureRangesAhead(db, rangeSize);
  };
  // Generation only: a large page cache (the service's own setting applies afterwards).
  if (dialect === 'sqlite') await sql.raw('PRAGMA cache_size = -1000000').execute(db);
  const t0 = performance.now();
  let reported = 0;
  for (let from = 0; from < N; from += batch) {
    const to = Math.min(N, from + batch);
    await ranges();
    for (let i = from; i < to; i += 1) writer.add(event(i, STEP));
    await writer.flush();
    // The hashes of the days before the next event's are those of finished days.
    await salts.purgeBefore(Math.floor((start + to * STEP) / DAY));
    if (dialect === 'postgres') await autovacuum(db);
    if (to - reported >= 1_000_000 || to === N) {
      reported = to;
      log(`  events ${to}/${N} (${(to / ((performance.now() - t0) / 1000)).toFixed(0)}/s with rollups)`);
    }
  }
  await writer.close();
  const written = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  let months = 0;
  while ((await events.compactClosedMonth(SYSTEM)) !== null) months += 1;
  const compacted = (performance.now() - t1) / 1000;
  log(`  written in ${written.toFixed(1)} s; ${months} closed months compacted in ${compacted.toFixed(1)} s`);
  await events.destroyPastSalts(SYSTEM);
  if (dialect === 'sqlite') await sql.raw('PRAGMA cache_size = -65536').execute(db);
  else await sql.raw('VACUUM ANALYZE').execute(db);
  return { seconds: (performance.now() - t0) / 1000, written, compacted, months };
}

/**
 * What autovacuum does over the years the generation compresses into minutes (its naptime is a
 * minute): each table whose dead rows pass its default trigger (50 + 20% of the live rows) is
 * vacuumed, so the space of rewritten and deleted rows is reused as it would be in service.
 */
async function autovacuum(db) {
  const { rows } = await sql`
    select relname from pg_stat_user_tables
     where schemaname = current_schema() and n_dead_tup > 50 + 0.2 * n_live_tup`.execute(db);
  for (const { relname } of rows) await sql`vacuum ${sql.table(relname)}`.execute(db);
}

export async function time(label, runs, fn) {
  await fn();
  const samples = [];
  for (let r = 0; r < runs; r += 1) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const result = { median: samples[Math.floor(runs / 2)], p95: samples[Math.floor(runs * 0.95)] };
  log(`  ${label}: median ${ms(result.median)}, p95 ${ms(result.p95)}`);
  return result;
}

/** The tables of the events store (what the bytes per event count). */
export const EVENT_TABLES = [
  'events',
  'event_days',
  'event_months',
  'event_targets',
  'event_accounts',
  'event_values',
  'daily_visitors',
  'excluded_hits',
  'event_marks',
  'rollup_months',
];

/**
 * The store's size for `N` events: per table of the events store (with its indexes and, on
 * PostgreSQL, its partitions and TOAST), and on SQLite the whole file after a checkpoint. Logs a table
 * and returns { total, events, file?, tables }.
 */
export async function storeSize(database, N) {
  const { db, dialect } = database;
  const tables = new Map();
  const add = (table, bytes, detail) => {
    const t = tables.get(table) ?? { bytes: 0, detail: [] };
    t.bytes += Number(bytes);
    if (detail) t.detail.push(detail);
    tables.set(table, t);
  };
  let file = null;
  if (dialect === 'sqlite') {
    await sql.raw('PRAGMA wal_checkpoint(TRUNCATE)').execute(db);
    file = statSync((await sql`select file from pragma_database_list where name = 'main'`.execute(db)).rows[0].file).size;
    const { rows: free } =
      await sql`select freelist_count * page_size as bytes from pragma_freelist_count, pragma_page_size`.execute(db);
    // Each index is counted with its table.
    const { rows } = await sql`
      select s.name, coalesce(m.tbl_name, s.name) as tbl, sum(s.pgsize) as bytes
        from dbstat s left join sqlite_schema m on m.name = s.name
       group by s.name`.execute(db);
    for (const r of rows) add(r.tbl, r.bytes, `${r.name} ${perEvent(r.bytes, N)}`);
    log(`  file after a checkpoint: ${(file / 1e6).toFixed(1)} MB = ${perEvent(file, N)} B/event (${free[0].bytes} free bytes)`);
  } else {
    // Every table with storage (a partition counts for its parent), its indexes and TOAST included.
    const { rows } = await sql`
      select coalesce(p.relname, c.relname) as tbl, c.relname as name,
             pg_table_size(c.oid) as heap, pg_indexes_size(c.oid) as indexes
        from pg_class c
        left join pg_inherits i on i.inhrelid = c.oid
        left join pg_class p on p.oid = i.inhparent
       where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'`.execute(db);
    for (const r of rows) {
      add(r.tbl, Number(r.heap) + Number(r.indexes), `${r.name} heap ${perEvent(r.heap, N)} + indexes ${perEvent(r.indexes, N)}`);
    }
  }
  let total = 0;
  const out = {};
  for (const name of EVENT_TABLES) {
    const t = tables.get(name) ?? { bytes: 0, detail: [] };
    total += t.bytes;
    out[name] = t.bytes;
    log(
      `  ${name.padEnd(15)} ${(t.bytes / 1e6).toFixed(1).padStart(8)} MB ${perEvent(t.bytes, N).padStart(7)} B/event  ${t.detail.join('; ')}`,
    );
  }
  const rest = [...tables].filter(([name]) => !EVENT_TABLES.includes(name)).reduce((n, [, t]) => n + t.bytes, 0);
  log(
    `  events store: ${(total / 1e6).toFixed(1)} MB = ${perEvent(total, N)} B/event (every other table: ${(rest / 1e6).toFixed(1)} MB)`,
  );
  return { total, file, events: out.events, tables: out };
}

const perEvent = (bytes, N) => (Number(bytes) / N).toFixed(1);

/**
 * The plans of the store's hot statements, built with the query builder as the repositories build
 * them, for the generated account, its hot code and a quiet one: the events pages (an account's page
 * of a type, a target's, each after a cursor too), the rollup reads (daily and monthly, counts and sums)
 * and retention's probe. Flags a plan that scans a whole table or sorts. Returns the flagged labels.
 */
export async function explainAll(database) {
  const { db, dialect } = database;
  const account = Number(
    (await db.selectFrom('event_accounts').select('id').where('key', '=', ACCOUNT).executeTakeFirstOrThrow()).id,
  );
  const targets = (await db.selectFrom('event_targets').select(['id', 'key']).execute()).map((r) => Number(r.id));
  const hot = Number((await db.selectFrom('event_targets').select('id').where('key', '=', HOT).executeTakeFirstOrThrow()).id);
  const { rows: last } = await sql`select max(seq) as seq from events`.execute(db);
  const middle = Math.floor(Number(last[0].seq) / 2);
  const today = Math.floor(NOW / DAY);
  const month = (day) => {
    const d = new Date(day * DAY);
    return (d.getUTCFullYear() - 1970) * 12 + d.getUTCMonth();
  };
  const page = (column, id, before, type = 1) => {
    let q = db.selectFrom('events').selectAll().where('type', '=', type).where(column, '=', id);
    if (before !== undefined) q = q.where('seq', '<', before);
    return q.orderBy('seq', 'desc').limit(51);
  };
  const days = (ids, from, to) =>
    db.selectFrom('event_days').select('counts').where('target', 'in', ids).where('day', '>=', from).where('day', '<=', to);
  const cold = Number(
    (await db.selectFrom('event_targets').select('id').where('key', '=', `${PREFIX}000000000007`).executeTakeFirstOrThrow()).id,
  );
  const sums = (ids, from, to) =>
    db
      .selectFrom('event_days')
      .select([sql.ref('day').as('key'), sql`sum(events)`.as('events'), sql`sum(uniques)`.as('uniques')])
      .where('target', 'in', ids)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy('day');
  const statements = [
    ['account page (account, type, seq desc, limit)', page('account', account)],
    ['account page after a cursor', page('account', account, middle)],
    // The account's page asks every type: most have no events here.
    ['account page of a type without events', page('account', account, undefined, 2)],
    ['hot target page (target, type, seq desc, limit)', page('target', hot)],
    ['hot target page after a cursor', page('target', hot, middle)],
    ['quiet target page (target, type, seq desc, limit)', page('target', cold)],
    ['quiet target page after a cursor', page('target', cold, middle)],
    ['event_days counts, one target, 21 days', days([hot], today - 20, today)],
    ['event_days counts, every target, 21 days', days(targets, today - 20, today)],
    ['event_days sums by day, one target, 3,650 days', sums([hot], today - 3649, today)],
    ['event_days sums by day, every target, 30 days', sums(targets, today - 29, today)],
    [
      'event_months counts, one target, 119 months',
      db
        .selectFrom('event_months')
        .select('counts')
        .where('target', 'in', [hot])
        .where('month', '>=', month(today - 3649) + 1)
        .where('month', '<=', month(today) - 1),
    ],
    [
      // An account's or a folder's window is at most 365 days.
      'event_months counts, every target, 12 months',
      db
        .selectFrom('event_months')
        .select('counts')
        .where('target', 'in', targets)
        .where('month', '>=', month(today) - 12)
        .where('month', '<=', month(today) - 1),
    ],
    [
      'retention probe (seq >= ? order by seq limit 1)',
      db.selectFrom('events').select(['seq', 'at']).where('seq', '>=', middle).orderBy('seq').limit(1),
    ],
  ];
  const flagged = [];
  for (const [label, query] of statements) {
    const compiled = query.compile();
    const prefix = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ';
    const { rows } = await db.executeQuery(CompiledQuery.raw(prefix + compiled.sql, compiled.parameters));
    const lines = dialect === 'sqlite' ? rows.map((r) => r.detail) : rows.map((r) => r['QUERY PLAN']);
    // A scan of a whole table, or a sort (of the rows the ranges selected, or of more).
    const bad =
      dialect === 'sqlite'
        ? lines.filter((l) => /^SCAN |TEMP B-TREE/.test(l))
        : lines.filter((l) => /^(->\s+)?(Seq Scan|Sort|Incremental Sort)\b(?! Key)/.test(l.trim()));
    if (bad.length > 0) flagged.push(label);
    log(`  plan: ${label}${bad.length > 0 ? '  <-- scan or sort' : ''}`);
    for (const l of lines) console.log(`      ${l}`);
  }
  return flagged;
}

const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
];

/**
 * Records `count` hits through the EventRecorder (journal on), built as the server builds it (the
 * writer's chunk and the store's othersWaiting), and reports committed events per second.
 */
export async function ingest(database, count) {
  const config = loadConfig({});
  const journalDir = mkdtempSync(join(tmpdir(), 'qrelay-bench-journal-'));
  const recorder = new EventRecorder(
    {
      transactor: transactor(database.db),
      clock: systemClock,
      geo: new MmdbGeoLocator({ files: config.events.geoipFiles, headers: config.events.geoHeaders }),
      salts: new VisitorSalts(new SaltsRepository(database.db), systemClock),
      batches: new EventBatchRepository(database.bulk, new EventKeys(database.db), systemClock),
      othersWaiting: database.othersWaiting,
    },
    { chunk: writerChunk(database.dialect) },
  );
  await recorder.start({ journalDir });
  let recordMs = 0;
  const t0 = performance.now();
  for (let i = 0; i < count; i += 1) {
    const t = performance.now();
    recorder.record({
      kind: 'code',
      targetId: `${PREFIX}${String(2000 + (i % 100)).padStart(12, '0')}`,
      accountId: ACCOUNT,
      at: systemClock.now(),
      method: 'GET',
      userAgent: AGENTS[i % 3],
      acceptLanguage: 'en',
      clientAddress: `81.2.${(i >> 8) & 255}.${i & 255}`,
      placement: i % 2 ? 'poster' : null,
      headers: {},
    });
    recordMs += performance.now() - t;
    // Let the writer run, as it does between requests on a busy server.
    if (i % 500 === 499) await tick();
  }
  await recorder.close();
  const seconds = (performance.now() - t0) / 1000;
  rmSync(journalDir, { recursive: true, force: true });
  log(
    `  ingest: ${count} hits in ${seconds.toFixed(2)} s = ${(count / seconds).toFixed(0)} events/s committed;`,
    `record() ${((recordMs * 1000) / count).toFixed(1)} µs per hit on the caller`,
  );
  return { perSecond: count / seconds, recordMicros: (recordMs * 1000) / count };
}
