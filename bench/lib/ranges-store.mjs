// The store of the analytics ranges benchmark (bench/analytics-ranges.mjs): one account with a hot code
// and a tail of quieter codes, N scan events over the last 800 days, written in bulk in the writer's
// own rows and encoding (bench/lib/bulk-events.mjs), or with `writer` through the product's events
// writer (generate() in bench/event-data.mjs), which takes the better part of an hour at 10M on a
// loaded machine. A finished store is kept when asked and reused by the next run: a SQLite file
// under the temporary directory, a PostgreSQL schema.
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../dist/db/database.js';
import { migrateToLatest } from '../../dist/db/migrate.js';
import { DAY, eventOf, generate, log, NOW } from '../event-data.mjs';
import { cli } from './cli.mjs';
import { seedCodes } from '../seed.mjs';
import { bulkGenerate } from './bulk-events.mjs';

/** The days the events cover, up to now: the quarter rows' whole horizon. */
export const DAYS = 800;
/** The hot code takes this share of the events; the rest go to the tail, a few codes far more than most. */
const HOT_SHARE = 0.6;

/** Event i: on the hot code or on one of the tail's codes (ids[1..]), the fields of eventOf's history. */
function rangeEvent(account, ids, start) {
  const tail = ids.length - 1;
  return (i, step) => {
    const h = Math.imul(i, 2654435761) >>> 0;
    const u = (h % 1_000_003) / 1_000_003;
    const code = u < HOT_SHARE ? ids[0] : ids[1 + Math.floor(tail * ((u - HOT_SHARE) / (1 - HOT_SHARE)) ** 2)];
    return { ...eventOf(i, step), accountId: account, targetId: code, codeId: code, occurredAt: start + i * step };
  };
}

/** Where the store of `N` events lives: its URL and PostgreSQL schema, and the environment qrelay needs there. */
function placeOf(dialect, N, pgUrl) {
  const file = dialect === 'sqlite' ? join(tmpdir(), `qrelay-bench-ranges-${N}.db`) : null;
  const url = file ? `sqlite:${file}` : pgUrl;
  const schema = file ? undefined : `qrelay_bench_ranges_${N}`;
  const env = { DATABASE_URL: url, ...(schema ? { DATABASE_SCHEMA: schema } : {}), PUBLIC_URL: 'http://qrelay.bench.test' };
  return { url, schema, file, env: { ...env, LOG_LEVEL: 'silent', HOST: '127.0.0.1' } };
}

/** What a finished seeding left: the hot code and the tail, or null when the store is not (wholly) there. */
async function seeded(database) {
  try {
    const rows = (await sql`select account, code from bench_seeded order by position`.execute(database.db)).rows;
    return rows.length === 0 ? null : { account: rows[0].account, hot: rows[0].code, codes: rows.map((r) => r.code) };
  } catch {
    return null;
  }
}

/**
 * Opens (seeding it first if it is not there whole) the store of `N` events on `dialect`:
 * { database, url, schema, hot, codes, drop() }. `drop` removes the store.
 */
export async function rangesStore(dialect, N, { codes: codeCount = 1000, pgUrl, writer = false }) {
  const place = placeOf(dialect, N, pgUrl);
  const admin = dialect === 'postgres' ? new pg.Client({ connectionString: pgUrl }) : null;
  await admin?.connect();
  const removeAll = async () => {
    if (admin) await admin.query(`DROP SCHEMA IF EXISTS ${place.schema} CASCADE`);
    else for (const f of [place.file, `${place.file}-wal`, `${place.file}-shm`]) rmSync(f, { force: true });
  };
  const open = () => openDatabase(place.url, place.schema ? { schema: place.schema } : {});
  const exists = admin
    ? (await admin.query('select 1 from pg_namespace where nspname = $1', [place.schema])).rowCount > 0
    : existsSync(place.file);
  let database = exists ? open() : null;
  let found = database ? await seeded(database) : null;
  if (found) log(`${dialect}: reusing the seeded store (${place.file ?? place.schema})`);
  else {
    await database?.close();
    await removeAll();
    await admin?.query(`CREATE SCHEMA ${place.schema}`);
    ({ database, found } = await seed(open, place, N, codeCount, dialect, writer));
  }
  return {
    database,
    ...place,
    ...found,
    async drop() {
      await removeAll();
      await admin?.end();
    },
    async close() {
      await admin?.end();
    },
  };
}

/** The account (with its owner, through the CLI) and its codes, each in a connection of its own; then the events. */
async function seed(open, place, N, codeCount, dialect, writer) {
  const created = ['account', 'create', '--name', 'Bench', '--plan', 'enterprise', '--rate-per-minute', '100000000'];
  const { account } = cli(created.concat(['--monthly-allowance', '1000000000']), place.env);
  const ids = await seedCodes(place.url, place.schema, account.id, codeCount);
  const database = open();
  await migrateToLatest(database);
  const start = (Math.floor(NOW / DAY) - (DAYS - 1)) * DAY;
  log(`${dialect}: writing ${N} events over ${DAYS} days (${HOT_SHARE * 100}% on one code, the rest on ${codeCount - 1})`);
  const history = { start, event: rangeEvent(account.id, ids, start) };
  const { written, compacted } = await (writer ? generate(database, N, history) : bulkGenerate(database, N, history));
  log(`  written in ${written.toFixed(0)} s, compacted in ${compacted.toFixed(0)} s`);
  // Written last: a store without it was not seeded whole and is seeded again.
  await sql`create table bench_seeded (position integer, account text, code text)`.execute(database.db);
  const rows = ids.map((code, position) => ({ position, account: account.id, code }));
  for (let i = 0; i < rows.length; i += 200)
    await database.db
      .insertInto('bench_seeded')
      .values(rows.slice(i, i + 200))
      .execute();
  return { database, found: { account: account.id, hot: ids[0], codes: ids } };
}
