// Three instances against one, on PostgreSQL and Redis: recorded redirects and API reads per second.
//
//   npm run build && node bench/instances.mjs        (or BENCH_ONLY=instances npm run bench)
//
// Environment: BENCH_PG (default TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test),
// BENCH_REDIS (default REDIS_URL or redis://127.0.0.1:6379), BENCH_SECONDS (10), BENCH_CONNECTIONS (48,
// shared by the instances), BENCH_INSTANCES (1,3), BENCH_CODES (200). Works in a fresh PostgreSQL
// schema, dropped at the end. Each figure is the sum over the instances, load spread evenly, as a
// round-robin load balancer would.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';

const PG = process.env.BENCH_PG ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.BENCH_REDIS ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 48);
const COUNTS = (process.env.BENCH_INSTANCES ?? '1,3').split(',').map(Number);
const CODES = Number(process.env.BENCH_CODES ?? 200);
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const schema = `qrelay_bench_${randomBytes(4).toString('hex')}`;
const journals = mkdtempSync(join(tmpdir(), 'qrelay-bench-instances-'));
const env = {
  ...process.env,
  DATABASE_URL: PG,
  DATABASE_SCHEMA: schema,
  REDIS_URL: REDIS,
  PUBLIC_URL: 'http://qrelay.bench.test',
  LOG_LEVEL: 'silent',
  GEOIP_DB: 'off',
};

function cli(args) {
  const result = spawnSync(process.execPath, ['dist/cli/main.js', ...args, '--json'], { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout);
}

async function startInstance(index) {
  const port = 21_000 + Math.floor(Math.random() * 20_000);
  // Every core for the instances, whatever affinity `npm run bench` gave this process.
  const child = spawn('taskset', ['-c', '0-1', process.execPath, 'dist/main.js'], {
    env: { ...env, PORT: String(port), EVENT_JOURNAL_DIR: join(journals, `i${index}`) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`instance ${index} exited with ${child.exitCode}`);
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`);
      return { child, base: `http://127.0.0.1:${port}` };
    } catch {
      await sleep(100);
    }
  }
  child.kill('SIGKILL');
  throw new Error(`instance ${index} did not start`);
}

async function stop(instance) {
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGTERM');
  await exited;
}

/** autocannon against every instance at once, the connections shared out; the sums of their figures. */
async function spread(instances, paths, headers, duration = DURATION) {
  const per = Math.max(1, Math.floor(CONNECTIONS / instances.length));
  const results = await Promise.all(
    instances.map((instance) => {
      let i = 0;
      return autocannon({
        url: instance.base,
        connections: per,
        duration,
        headers,
        requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
      });
    }),
  );
  const errors = results.reduce((n, r) => n + r.errors + (r.non2xx - r['3xx']), 0);
  if (errors > 0) throw new Error(`${errors} requests failed or were refused`);
  return {
    rps: Math.round(results.reduce((n, r) => n + r.requests.average, 0)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    answered: results.reduce((n, r) => n + r['2xx'] + r['3xx'], 0),
  };
}

const admin = new pg.Client({ connectionString: PG });
await admin.connect();
await admin.query(`CREATE SCHEMA ${schema}`);
const running = [];
try {
  console.log(`load average before: ${load()}; ${DURATION} s per run, ${CONNECTIONS} connections in all`);
  running.push(await startInstance(0)); // migrates the fresh schema
  const { account } = cli([
    'account',
    'create',
    '--name',
    'Bench',
    '--plan',
    'enterprise',
    '--rate-per-minute',
    '100000000',
    '--monthly-allowance',
    '1000000000',
  ]);
  const { token } = cli(['token', 'create', '--account', account.id, '--scopes', 'codes:read,codes:write']);
  const codes = [];
  for (let i = 0; i < CODES; i += 1) {
    const response = await fetch(`${running[0].base}/api/v1/codes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench ${i}`, url: `https://example.com/${i}` }),
    });
    if (response.status !== 201) throw new Error(`creating a code answered ${response.status}`);
    codes.push((await response.json()).data);
  }
  const redirects = codes.map((c) => `/${c.shortCode}`);
  const reads = codes.map((c) => `/api/v1/codes/${c.id}`);
  let answered = 0;
  for (const count of COUNTS) {
    while (running.length < count) running.push(await startInstance(running.length));
    while (running.length > count) await stop(running.pop());
    const instances = running.slice(0, count);
    await spread(instances, redirects, { 'user-agent': PHONE }, 3); // warm-up: JIT and caches
    const redirect = await spread(instances, redirects, { 'user-agent': PHONE });
    const api = await spread(instances, reads, { authorization: `Bearer ${token}` });
    answered += redirect.answered;
    console.log(
      `${count} instance(s): recorded redirects ${redirect.rps} req/s (p99 ${redirect.p99} ms); API reads ${api.rps} req/s (p99 ${api.p99} ms)`,
    );
  }
  while (running.length > 0) await stop(running.pop()); // commits every buffered event
  const { rows } = await admin.query(`SELECT count(*)::int AS n FROM ${schema}.events`);
  console.log(`stored ${rows[0].n} events for at least ${answered} recorded redirects answered (warm-ups add more)`);
  if (rows[0].n < answered) throw new Error('recorded redirects are missing from the store');
  console.log(`load average after: ${load()}`);
} finally {
  for (const instance of running) instance.child.kill('SIGKILL');
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
  rmSync(journals, { recursive: true, force: true });
}
