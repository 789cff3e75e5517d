// Where the server's CPU goes on a redirect: `node bench/profile.mjs [phone|robot] [seconds]` seeds
// 1,000 codes, runs dist/main.js under `node --cpu-prof` pinned to CPU 1, drives it with wrk on CPU 0,
// and prints the CPU per request and the functions with the most self time, per thread (the serving
// thread and the events writer). BENCH_STORE=postgres profiles the server on PostgreSQL (lib/pg-store.mjs,
// without Redis). BENCH_GC=1 adds `--trace-gc` and prints each isolate's collections during the run
// (count, time, µs per request). Needs a built dist/ and wrk.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endingOf, seed } from './seed.mjs';
import { cpuSeconds, freePort, start, stop } from './lib/server.mjs';
import { pgStore } from './lib/pg-store.mjs';
import { requireWrk, runWrk, writeScript } from './lib/wrk.mjs';
import { TraceGcLog } from './lib/trace-gc.mjs';
import { PHONE, ROBOT } from './agents.mjs';

const kind = process.argv[2] ?? 'phone';
const seconds = Number(process.argv[3] ?? 8);
const TOP = Number(process.env.BENCH_TOP ?? 25);
// BENCH_PROFILE=0: no profiler, only the CPU per request of each of the server's threads.
const PROFILE = process.env.BENCH_PROFILE !== '0';
// BENCH_CONNECTIONS=1: one request per turn of the event loop, whatever the machine's load.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// BENCH_GC=1: the server also runs with --trace-gc; its collections during the run are summed per isolate.
const TRACE_GC = process.env.BENCH_GC === '1';
requireWrk();

/**
 * Self time per function (name, file:line) from a .cpuprofile, as shares of the time sampled between
 * `from` and `to` (ms since the process started: the measured run, not start-up or shutdown).
 */
function selfTimes(profile, from, to) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const ticks = new Map();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    at += profile.timeDeltas[i] ?? 0;
    const ms = (at - profile.startTime) / 1000 + (profile.startedAfter ?? 0);
    if (ms < from || ms > to) continue;
    const node = byId.get(profile.samples[i]);
    const f = node.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${f.lineNumber + 1}`;
    ticks.set(key, (ticks.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const total = [...ticks.values()].reduce((a, b) => a + b, 0);
  return { total, rows: [...ticks].sort((a, b) => b[1] - a[1]).map(([k, t]) => [k, (100 * t) / total]) };
}

/** CPU seconds per thread of a process, by thread id (with its name). */
function threadSeconds(pid) {
  const out = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      out.set(tid, { name, seconds: (Number(fields[11]) + Number(fields[12])) / 100 });
    } catch {
      // the thread ended
    }
  }
  return out;
}

/** The store profiled: a seeded SQLite file, or a PostgreSQL schema with codes made through the API. */
async function storeIn(dir) {
  if (process.env.BENCH_STORE === 'postgres') {
    const pg = await pgStore(1000);
    const { REDIS_URL: _redis, ...env } = pg.env;
    return { env, paths: pg.redirects, drop: () => pg.drop() };
  }
  const file = join(dir, 'store.db');
  await seed(file, 1000);
  const paths = Array.from({ length: 1000 }, (_, i) => `/${endingOf(i)}`);
  return { env: { DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent', HOST: '127.0.0.1' }, paths, drop: async () => {} };
}

const dir = mkdtempSync(join(tmpdir(), 'qrelay-profile-'));
let store = null;
try {
  store = await storeIn(dir);
  const script = join(dir, 'paths.lua');
  writeScript(script, store.paths);
  const port = await freePort();
  const profiles = join(dir, 'profiles');
  const env = { ...store.env, PORT: String(port), EVENT_JOURNAL_DIR: join(dir, 'journal') };
  const spawned = performance.now();
  const nodeArgs = [...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profiles}`] : []), ...(TRACE_GC ? ['--trace-gc'] : [])];
  const gcLog = TRACE_GC ? new TraceGcLog(join(dir, 'gc.log')) : null;
  const child = await start('dist/main.js', env, port, '1', nodeArgs, gcLog?.fd);
  const userAgent = kind === 'robot' ? ROBOT : PHONE;
  await runWrk({ port, script, seconds: 2, connections: CONNECTIONS, userAgent });
  const before = cpuSeconds(child.pid);
  const threadsBefore = threadSeconds(child.pid);
  const from = performance.now() - spawned;
  const gcFrom = gcLog?.mark();
  const run = await runWrk({ port, script, seconds, connections: CONNECTIONS, userAgent });
  const gcTo = gcLog?.mark();
  const to = performance.now() - spawned;
  const cpu = cpuSeconds(child.pid) - before;
  const threads = [...threadSeconds(child.pid)]
    .map(([tid, t]) => ({ tid, name: t.name, us: ((t.seconds - (threadsBefore.get(tid)?.seconds ?? 0)) * 1e6) / run.requests }))
    .filter((t) => t.us >= 0.1)
    .sort((a, b) => b.us - a.us);
  await stop(child);
  const perRequest = ((cpu * 1e6) / run.requests).toFixed(1);
  console.log(
    `${kind}: ${run.rps} req/s, p99 ${run.p99} ms, wrk CPU ${run.clientCpu.toFixed(0)}%, ${perRequest} µs of server CPU per request${PROFILE ? ' (profiler on)' : ''}`,
  );
  for (const t of threads) console.log(`  thread ${t.tid} (${t.name}): ${t.us.toFixed(1)} µs per request`);
  if (gcLog) {
    for (const c of gcLog.between(gcFrom, gcTo)) {
      const isolate = c.isolate === 0 ? 'serving isolate' : `isolate ${c.isolate} (a worker: the events writer)`;
      const each = (c.ms / c.count).toFixed(2);
      const perRequest = ((c.ms * 1000) / run.requests).toFixed(2);
      console.log(
        `  ${isolate}: ${c.count} × ${c.kind}, ${c.ms.toFixed(0)} ms in all, ${each} ms each, ${perRequest} µs per request`,
      );
    }
    gcLog.close();
  }
  // The serving thread's profile starts with the process; a thread's starts later (its first sample
  // is placed by the serving thread's clock: both profiles use the same monotonic clock).
  const files = existsSync(profiles) ? readdirSync(profiles).sort() : [];
  const loaded = files.map((name) => JSON.parse(readFileSync(join(profiles, name), 'utf8')));
  const origin = Math.min(...loaded.map((p) => p.startTime));
  for (const [i, profile] of loaded.entries()) {
    profile.startedAfter = (profile.startTime - origin) / 1000;
    const { total, rows } = selfTimes(profile, from, to);
    console.log(`\n${files[i]}: ${(total / 1e6).toFixed(1)} s sampled in the run; self time, top ${TOP}:`);
    for (const [key, share] of rows.slice(0, TOP)) console.log(`${share.toFixed(1).padStart(5)}%  ${key}`);
  }
} finally {
  await store?.drop();
  if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
}
