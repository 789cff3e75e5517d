// The in-place move of an upgraded store's events into the compact tables (traffic/events/store/legacy-move.ts):
// builds an old (0017) store by direct SQL inserts in the shapes the recorder kept (events over 1,001 codes,
// one of them hot, with daily rollups, breakdowns, monthly breakdowns and totals), migrates it, and times the
// move. Not part of `npm test`. Needs the build (dist/).
//
//   node bench/legacy-move.mjs [events=1000000] [days=365]          SQLite, in a temporary file
//   DATABASE_URL=postgres://… node bench/legacy-move.mjs [events] [days]   PostgreSQL, in a fresh schema
//
// 365 days at a million events is the 10M benchmark's density (about 2.5 events per code and day).
import { randomBytes } from 'node:crypto';
import { rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../dist/db/database.js';
import { migrateTo, migrateToLatest } from '../dist/db/migrate.js';
import { moveLegacyEvents } from '../dist/traffic/events/store/legacy-move.js';

const N = Number(process.argv[2] ?? 1_000_000);
const DAYS = Number(process.argv[3] ?? 365);
const DAY = 86_400_000;
const ACCOUNT = '01900000-0000-7000-8000-00000000acc0';
const HOT = '01900000-0000-7000-8000-000000000000';
const PREFIX = '01900000-0000-7000-8000-';
const NOW = Date.now();
const START = (Math.floor(NOW / DAY) - (DAYS - 1)) * DAY;

const log = (...parts) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...parts);

/** The generated columns as SQL over an integer `i` and its time `ms` (as bench/event-data.mjs made them). */
function columns(dialect) {
  const hex = (expr, width) => (dialect === 'sqlite' ? `printf('%0${width}x', ${expr})` : `lpad(to_hex(${expr}), ${width}, '0')`);
  const pad = (expr) => (dialect === 'sqlite' ? `printf('%012d', ${expr})` : `lpad((${expr})::text, 12, '0')`);
  const code = `CASE WHEN i % 10 = 0 THEN '${HOT}' ELSE '${PREFIX}' || ${pad('1 + i % 1000')} END`;
  const int = (expr) => (dialect === 'sqlite' ? expr : `CAST(${expr} AS int)`);
  return `${hex('ms / 65536', 8)} || '-' || ${hex('ms % 65536', 4)} || '-7' || ${hex('i % 4096', 3)} || '-' ||
      ${hex('32768 + (i / 4096) % 16384', 4)} || '-' || ${hex('i', 12)},
    '${ACCOUNT}', 'scan', ${code}, ${code}, NULL, ms,
    CASE WHEN i % 3 = 0 THEN NULL ELSE 'p' || (i % 7) END,
    substr('USGBDEFRESITNLBEJPCNINBRCAAUMXSEPLCHATIE', ${int('((i * 7) % 20) * 2 + 1')}, 2), NULL, NULL,
    CASE (i * 17) % 5 WHEN 0 THEN 'iOS' WHEN 1 THEN 'Android' WHEN 2 THEN 'Windows' WHEN 3 THEN 'Mac OS' ELSE 'Linux' END,
    CASE WHEN (i * 13) % 10 < 6 THEN 'mobile' WHEN (i * 13) % 10 < 8 THEN 'desktop' WHEN (i * 13) % 10 = 8 THEN 'tablet' ELSE 'unknown' END,
    CASE (i * 19) % 4 WHEN 0 THEN 'Mobile Safari' WHEN 1 THEN 'Chrome' WHEN 2 THEN 'Firefox' ELSE 'Edge' END`;
}

const EVENT_COLUMNS =
  'id, account_id, type, target_id, code_id, link_id, occurred_at, placement, country, region, city, os, device, browser';

/** An old store's events and everything the recorder derived from them, by direct inserts. */
async function generate(db, dialect) {
  const step = Math.max(1, Math.floor((NOW - START) / N));
  const CHUNK = 250_000;
  if (dialect === 'sqlite')
    for (const p of ['cache_size = -1000000', 'temp_store = MEMORY']) await sql.raw(`PRAGMA ${p}`).execute(db);
  for (let from = 0; from < N; from += CHUNK) {
    const to = Math.min(N, from + CHUNK) - 1;
    const source =
      dialect === 'sqlite'
        ? `WITH RECURSIVE s(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM s WHERE i < ${to})
           SELECT ${columns(dialect)} FROM (SELECT i, ${START} + i * ${step} AS ms FROM s)`
        : `SELECT ${columns(dialect)} FROM (SELECT i, ${START}::bigint + i * ${step}::bigint AS ms
             FROM generate_series(${from}::bigint, ${to}::bigint) AS i) s`;
    await sql.raw(`INSERT INTO events (${EVENT_COLUMNS}) ${source}`).execute(db);
  }
  const day = 'occurred_at / 86400000';
  await sql
    .raw(
      `INSERT INTO event_rollups (target_id, day, account_id, events, uniques)
       SELECT target_id, ${day}, account_id, count(*), (count(*) * 8) / 10 FROM events GROUP BY target_id, ${day}, account_id`,
    )
    .execute(db);
  const month =
    dialect === 'sqlite'
      ? "(CAST(strftime('%Y', occurred_at / 1000, 'unixepoch') AS integer) - 1970) * 12 + CAST(strftime('%m', occurred_at / 1000, 'unixepoch') AS integer) - 1"
      : '(extract(year from to_timestamp(occurred_at / 1000))::int - 1970) * 12 + extract(month from to_timestamp(occurred_at / 1000))::int - 1';
  const today = new Date(NOW);
  const monthStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
  for (const dim of ['country', 'device', 'os', 'browser', 'placement']) {
    await sql
      .raw(
        `INSERT INTO event_breakdowns (target_id, dimension, day, value, account_id, events)
         SELECT target_id, '${dim}', ${day}, coalesce(${dim}, ''), account_id, count(*) FROM events
         GROUP BY target_id, ${day}, coalesce(${dim}, ''), account_id`,
      )
      .execute(db);
    await sql
      .raw(
        `INSERT INTO event_breakdowns_monthly (target_id, dimension, month, value, account_id, events)
         SELECT target_id, '${dim}', ${month}, coalesce(${dim}, ''), account_id, count(*) FROM events
         WHERE occurred_at < ${monthStart} GROUP BY target_id, ${month}, coalesce(${dim}, ''), account_id`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `INSERT INTO event_totals (target_id, account_id, total)
       SELECT target_id, account_id, count(*) FROM events GROUP BY target_id, account_id`,
    )
    .execute(db);
  await sql.raw(dialect === 'sqlite' ? 'ANALYZE' : 'VACUUM ANALYZE').execute(db);
  if (dialect === 'sqlite')
    for (const p of ['cache_size = -65536', 'temp_store = DEFAULT']) await sql.raw(`PRAGMA ${p}`).execute(db);
}

async function count(db, table) {
  const { rows } = await sql.raw(`select count(*) as n from ${table}`).execute(db);
  return Number(rows[0].n);
}

const url = process.env.DATABASE_URL;
const postgres = Boolean(url && url.startsWith('postgres'));
const file = join(tmpdir(), `qrelay-legacy-move-${randomBytes(4).toString('hex')}.db`);
const schema = postgres ? `qrelay_bench_${randomBytes(4).toString('hex')}` : undefined;
if (postgres) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
}
const database = openDatabase(postgres ? url : `sqlite:${file}`, { schema });
try {
  log(`${database.dialect}: building an old store of ${N} events over ${DAYS} days`);
  await migrateTo(database, '0017_gs1_namespaces');
  let t = performance.now();
  await generate(database.db, database.dialect);
  const sizes = {};
  for (const table of ['events', 'event_rollups', 'event_breakdowns', 'event_breakdowns_monthly', 'event_totals'])
    sizes[table] = await count(database.db, table);
  log(`  built in ${((performance.now() - t) / 1000).toFixed(1)} s:`, sizes);
  await migrateToLatest(database);

  t = performance.now();
  const phases = new Map();
  let lastLine = 0;
  const { moved } = await moveLegacyEvents(database.db, {
    log: ({ table, moved, total }) => {
      const now = performance.now();
      const phase = phases.get(table) ?? { first: now, last: now, moved: 0 };
      phase.last = now;
      phase.moved = moved;
      phases.set(table, phase);
      if (now - lastLine > 5_000 || moved === total) {
        lastLine = now;
        log(`  moving ${table}: ${moved} of ${total}`);
      }
    },
  });
  const seconds = (performance.now() - t) / 1000;
  log(`moved ${moved} events (and their rollups) in ${seconds.toFixed(1)} s: ${(moved / seconds).toFixed(0)} events/s`);
  let from = 0;
  for (const [table, phase] of phases) {
    log(`  ${table}: ${phase.moved} rows, ${((phase.last - t) / 1000 - from).toFixed(1)} s`);
    from = (phase.last - t) / 1000;
  }
  const after = {};
  for (const table of ['events', 'event_days', 'event_months', 'event_targets', 'event_values'])
    after[table] = await count(database.db, table);
  log('  compact rows:', after);
  if (!postgres)
    log(`  file ${(statSync(file).size / 1e6).toFixed(0)} MB (the legacy pages are free pages now; VACUUM returns them)`);
} finally {
  await database.close();
  if (postgres) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  } else for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
}
