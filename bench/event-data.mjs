// The generated events of the events benchmarks (bench/events.mjs, bench/partitions.mjs): bulk SQL
// generation with rollups, timing, and ingest through the recorder. Needs the build (dist/).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate as tick } from 'node:timers/promises';
import { sql } from 'kysely';
import { loadConfig } from '../dist/config/config.js';
import { transactor } from '../dist/db/transaction.js';
import { systemClock } from '../dist/lib/clock.js';
import { EventBatchRepository } from '../dist/traffic/events/store/events.batch.repository.js';
import { MmdbGeoLocator } from '../dist/traffic/events/events.geo.js';
import { EventRecorder } from '../dist/traffic/events/events.recorder.js';
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

/** The generated columns, as SQL over an integer `i` and its time `ms`, for both engines. */
function columns(dialect) {
  const hex = (expr, width) => (dialect === 'sqlite' ? `printf('%0${width}x', ${expr})` : `lpad(to_hex(${expr}), ${width}, '0')`);
  const pad = (expr) => (dialect === 'sqlite' ? `printf('%012d', ${expr})` : `lpad((${expr})::text, 12, '0')`);
  const code = `CASE WHEN i % 10 = 0 THEN '${HOT}' ELSE '${PREFIX}' || ${pad('1 + i % 1000')} END`;
  return `${hex('ms / 65536', 8)} || '-' || ${hex('ms % 65536', 4)} || '-7' || ${hex('i % 4096', 3)} || '-' ||
      ${hex('32768 + (i / 4096) % 16384', 4)} || '-' || ${hex('i', 12)},
    '${ACCOUNT}', 'scan', ${code}, ${code}, NULL, ms,
    CASE WHEN i % 3 = 0 THEN NULL ELSE 'p' || (i % 7) END,
    substr('USGBDEFRESITNLBEJPCNINBRCAAUMXSEPLCHATIE', ${dialect === 'sqlite' ? '' : 'CAST'}(((i * 7) % 20) * 2 + 1${dialect === 'sqlite' ? '' : ' AS int'}), 2), NULL, NULL,
    CASE (i * 17) % 5 WHEN 0 THEN 'iOS' WHEN 1 THEN 'Android' WHEN 2 THEN 'Windows' WHEN 3 THEN 'Mac OS' ELSE 'Linux' END,
    CASE WHEN (i * 13) % 10 < 6 THEN 'mobile' WHEN (i * 13) % 10 < 8 THEN 'desktop' WHEN (i * 13) % 10 = 8 THEN 'tablet' ELSE 'unknown' END,
    CASE (i * 19) % 4 WHEN 0 THEN 'Mobile Safari' WHEN 1 THEN 'Chrome' WHEN 2 THEN 'Firefox' ELSE 'Edge' END`;
}

export const EVENT_COLUMNS =
  'id, account_id, type, target_id, code_id, link_id, occurred_at, placement, country, region, city, os, device, browser';

/** Inserts `N` events in statements of `CHUNK` rows, then their rollups, as the recorder would have; returns seconds. */
export async function generate(db, dialect, N, CHUNK = 1_000_000) {
  const STEP = Math.max(1, Math.floor((NOW - START) / N));
  const t0 = performance.now();
  // Generation only: a large page cache and in-memory sorts (the service's own settings apply afterwards).
  if (dialect === 'sqlite')
    for (const p of ['cache_size = -1000000', 'temp_store = MEMORY']) await sql.raw(`PRAGMA ${p}`).execute(db);
  for (let from = 0; from < N; from += CHUNK) {
    const to = Math.min(N, from + CHUNK) - 1;
    const source =
      dialect === 'sqlite'
        ? `WITH RECURSIVE s(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM s WHERE i < ${to})
           SELECT ${columns(dialect)} FROM (SELECT i, ${START} + i * ${STEP} AS ms FROM s)`
        : `SELECT ${columns(dialect)} FROM (SELECT i, ${START}::bigint + i * ${STEP}::bigint AS ms
             FROM generate_series(${from}::bigint, ${to}::bigint) AS i) s`;
    await sql.raw(`INSERT INTO events (${EVENT_COLUMNS}) ${source}`).execute(db);
    log(`  events ${to + 1}/${N} (${((to + 1) / ((performance.now() - t0) / 1000)).toFixed(0)}/s)`);
  }
  const day = 'occurred_at / 86400000';
  await sql
    .raw(
      `INSERT INTO event_rollups (target_id, day, account_id, events, uniques)
    SELECT target_id, ${day}, account_id, count(*), (count(*) * 8) / 10 FROM events GROUP BY target_id, ${day}, account_id`,
    )
    .execute(db);
  for (const dim of ['country', 'device', 'os', 'browser', 'placement']) {
    await sql
      .raw(
        `INSERT INTO event_breakdowns (target_id, dimension, day, value, account_id, events)
      SELECT target_id, '${dim}', ${day}, coalesce(${dim}, ''), account_id, count(*) FROM events
      GROUP BY target_id, ${day}, coalesce(${dim}, ''), account_id`,
      )
      .execute(db);
  }
  const month =
    dialect === 'sqlite'
      ? "(CAST(strftime('%Y', occurred_at / 1000, 'unixepoch') AS integer) - 1970) * 12 + CAST(strftime('%m', occurred_at / 1000, 'unixepoch') AS integer) - 1"
      : '(extract(year from to_timestamp(occurred_at / 1000))::int - 1970) * 12 + extract(month from to_timestamp(occurred_at / 1000))::int - 1';
  // Monthly breakdowns of the closed months, which count as compacted (ADR 0017); the current month is
  // read from the daily ones.
  const today = new Date(NOW);
  const monthStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
  for (const dim of ['country', 'device', 'os', 'browser', 'placement']) {
    await sql
      .raw(
        `INSERT INTO event_breakdowns_monthly (target_id, dimension, month, value, account_id, events)
      SELECT target_id, '${dim}', ${month}, coalesce(${dim}, ''), account_id, count(*) FROM events
      WHERE occurred_at < ${monthStart}
      GROUP BY target_id, ${month}, coalesce(${dim}, ''), account_id`,
      )
      .execute(db);
  }
  const lastClosed = (today.getUTCFullYear() - 1970) * 12 + today.getUTCMonth() - 1;
  await sql.raw(`INSERT INTO rollup_months (month, compacted_at) VALUES (${lastClosed}, ${NOW})`).execute(db);
  await sql
    .raw(
      `INSERT INTO event_totals (target_id, account_id, total)
    SELECT target_id, account_id, count(*) FROM events GROUP BY target_id, account_id`,
    )
    .execute(db);
  await sql.raw(dialect === 'sqlite' ? 'ANALYZE' : 'VACUUM ANALYZE').execute(db);
  if (dialect === 'sqlite')
    for (const p of ['cache_size = -2000', 'temp_store = DEFAULT']) await sql.raw(`PRAGMA ${p}`).execute(db);
  return (performance.now() - t0) / 1000;
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

const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
];

/** Records `count` hits through the EventRecorder (journal on) and reports committed events per second. */
export async function ingest(database, count) {
  const config = loadConfig({});
  const journalDir = mkdtempSync(join(tmpdir(), 'qrelay-bench-journal-'));
  const recorder = new EventRecorder({
    transactor: transactor(database.db),
    clock: systemClock,
    geo: new MmdbGeoLocator({ files: config.events.geoipFiles, headers: config.events.geoHeaders }),
    salts: new VisitorSalts(new SaltsRepository(database.db), systemClock),
    batches: new EventBatchRepository(database.bulk),
  });
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
