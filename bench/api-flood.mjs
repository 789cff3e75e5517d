// API latency under a redirect flood (docs/benchmarks.md): wrk floods recorded redirects (phone
// traffic, 1,000 codes) from CPU 0 at a server on CPU 1 while this process reads one code with
// GET /api/v1/codes/{id} at a steady pace and reports p50 and p99, on SQLite and on PostgreSQL
// (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/test, in a schema of its own).
// BENCH_API_WRITE=1 times a write instead: POST /api/v1/codes, creating a code. BENCH_API_BACKGROUND_WRITES=N
// also creates N codes a second from a second client during the timed flood, untimed, so the reads are
// timed beside writes that wait for the store's lock. Every answered recorded redirect of the flood must
// be in the store once the server has stopped, or the benchmark fails.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { openDatabase } from '../dist/db/database.js';
import { migrateToLatest } from '../dist/db/migrate.js';
import { endingOf, seedCodes } from './seed.mjs';
import { freePort, load, start, stop } from './lib/server.mjs';
import { requireWrk, runWrk, writeScript } from './lib/wrk.mjs';
import { PHONE } from './agents.mjs';
import { printTable } from './lib/table.mjs';
import { cli } from './lib/cli.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The flood runs this long before reads are timed, as the redirect benchmark warms up before it measures. */
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** API reads per second during the flood (one at a time). */
const READS_PER_SECOND = Number(process.env.BENCH_API_RATE ?? 50);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const STORES = (process.env.BENCH_STORES ?? 'sqlite,postgres').split(',');
const WRITE = process.env.BENCH_API_WRITE === '1';
const BACKGROUND_WRITES = Number(process.env.BENCH_API_BACKGROUND_WRITES ?? 0);
const OPERATION = WRITE ? 'POST /api/v1/codes' : 'GET /api/v1/codes/{id}';
const CODES = 1_000;

requireWrk();
// The API reader is a client too: it runs on the client's core (CPU 0, beside wrk), never on the
// server's, whatever this process was started on (`npm run bench` starts it on CPU 1).
execFileSync('taskset', ['-a', '-cp', '0', String(process.pid)], { stdio: 'ignore' });

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * Reads one code (or, with `write`, creates codes) `perSecond` times a second, one at a time, until
 * `until` resolves: the latencies in ms, sorted, and `failed`, the answers refused.
 */
async function requestWhile(base, token, id, until, { write = WRITE, perSecond = READS_PER_SECOND } = {}) {
  let done = false;
  void until.then(() => (done = true));
  const times = [];
  while (!done) {
    const started = performance.now();
    const res = await fetch(
      write ? `${base}/api/v1/codes` : `${base}/api/v1/codes/${id}`,
      write
        ? {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ name: `Made ${times.length}`, url: `https://example.com/made/${times.length}` }),
          }
        : { headers: { authorization: `Bearer ${token}` } },
    );
    await res.arrayBuffer();
    const took = performance.now() - started;
    if (res.status !== (write ? 201 : 200)) times.failed = (times.failed ?? 0) + 1;
    times.push(took);
    await sleep(Math.max(0, 1000 / perSecond - took));
  }
  times.sort((a, b) => a - b);
  return times;
}

const COUNT_EVENTS = 'select count(*) as n from events';

/** Runs one statement on a PostgreSQL connection of its own (working in `schema`, if given): its rows. */
async function pgQuery(sql, schema) {
  const client = new pg.Client({ connectionString: PG_URL, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

async function storeFor(name, dir) {
  if (name === 'sqlite') {
    const file = join(dir, 'api.db');
    return {
      env: { DATABASE_URL: `sqlite:${file}` },
      events: async () => {
        const store = new BetterSqlite3(file, { readonly: true });
        try {
          return store.prepare(COUNT_EVENTS).get().n;
        } finally {
          store.close();
        }
      },
      drop: async () => undefined,
    };
  }
  const schema = `bench_api_${process.pid}`;
  await pgQuery(`create schema ${schema}`);
  return {
    env: { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema },
    events: async () => Number((await pgQuery(COUNT_EVENTS, schema))[0].n),
    drop: () => pgQuery(`drop schema ${schema} cascade`),
  };
}

async function run(name, dir) {
  const store = await storeFor(name, dir);
  try {
    const env = {
      ...store.env,
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      WORKERS: '1',
      EVENT_JOURNAL_DIR: join(dir, `journal-${name}`),
    };
    const database = openDatabase(env.DATABASE_URL, { schema: env.DATABASE_SCHEMA });
    await migrateToLatest(database);
    await database.close();
    const { account } = cli(
      ['account', 'create', '--name', 'Bench', '--plan', 'enterprise', '--rate-per-minute', '1000000'],
      env,
    );
    const { token } = cli(
      [
        'token',
        'create',
        '--account',
        account.id,
        '--scopes',
        WRITE || BACKGROUND_WRITES ? 'codes:read,codes:write' : 'codes:read',
      ],
      env,
    );
    const ids = await seedCodes(env.DATABASE_URL, env.DATABASE_SCHEMA, account.id, CODES);
    const script = join(dir, `paths-${name}.lua`);
    writeScript(
      script,
      ids.map((_, i) => `/${endingOf(i)}`),
    );
    const port = await freePort();
    const child = await start('dist/main.js', { ...env, PORT: String(port) }, port, '1');
    let row;
    let answered;
    try {
      const base = `http://127.0.0.1:${port}`;
      // The first reads compile the route's code: read a second before timing the quiet ones.
      await requestWhile(base, token, ids[0], sleep(1_000));
      const quiet = await requestWhile(base, token, ids[0], sleep(2_000));
      const flood = runWrk({ port, script, seconds: WARM_SECONDS + SECONDS, connections: CONNECTIONS, userAgent: PHONE });
      await sleep(WARM_SECONDS * 1000);
      const background =
        BACKGROUND_WRITES > 0 ? requestWhile(base, token, ids[0], flood, { write: true, perSecond: BACKGROUND_WRITES }) : null;
      const busy = await requestWhile(base, token, ids[0], flood);
      const writes = await background;
      const wrk = await flood;
      answered = wrk.answered;
      row = {
        store: name,
        'quiet p50 ms': percentile(quiet, 50).toFixed(2),
        'quiet p99 ms': percentile(quiet, 99).toFixed(2),
        'flood p50 ms': percentile(busy, 50).toFixed(2),
        'flood p99 ms': percentile(busy, 99).toFixed(2),
        requests: busy.length,
        failed: busy.failed ?? 0,
        ...(writes ? { 'background writes': writes.length, 'writes failed': writes.failed ?? 0 } : {}),
        'redirects/s': wrk.rps,
        'client CPU': `${wrk.clientCpu.toFixed(0)}%`,
        load: load(),
      };
    } finally {
      await stop(child);
    }
    // Stopping commits what the writer holds: every answered recorded redirect is stored by now.
    const stored = await store.events();
    console.log(`  ${name}: stored ${stored} events for ${answered} recorded redirects answered`);
    if (stored < answered) throw new Error(`${name}: recorded redirects are missing from the store`);
    return row;
  } finally {
    await store.drop();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'qrelay-bench-api-'));
try {
  const rows = [];
  for (const name of STORES) rows.push(await run(name, dir));
  console.log(
    `\n${OPERATION} at ${READS_PER_SECOND}/s from CPU 0${BACKGROUND_WRITES ? ` (with ${BACKGROUND_WRITES} POST /api/v1/codes a second beside it during the flood)` : ''}, alone and under a flood of recorded redirects (wrk -c${CONNECTIONS} on CPU 0, server on CPU 1; reads timed after ${WARM_SECONDS} s of flood):`,
  );
  printTable(rows);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
