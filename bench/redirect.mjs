// The redirect benchmark (docs/benchmarks.md): wrk on CPU 0 against a server on CPU 1, a bare
// node:http 302 measured in the same rounds, qrelay with robot traffic (classified, never written)
// and phone traffic (every redirect journaled and written as an event), and the phone traffic again
// with the server unpinned (both cores). 1,000 distinct codes per run, stores of 1,000 and 1,000,000
// codes, three interleaved rounds, medians. Needs wrk: `apt-get install wrk`. Two more variants, on
// request (BENCH_VARIANTS=answer,inside,robot), split the robot path's cost (ADR 0167).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { endingOf, seed } from './seed.mjs';
import { cpuSeconds, freePort, load, median, start, stop } from './lib/server.mjs';
import { requireWrk, runWrk, writeScript } from './lib/wrk.mjs';
import { printTable } from './lib/table.mjs';
import { PHONE, ROBOT } from './agents.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DISTINCT = Number(process.env.BENCH_DISTINCT ?? 1_000);
const SIZES = (process.env.BENCH_SIZES ?? '1000,1000000').split(',').map(Number);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const WORKERS = process.env.BENCH_WORKERS ?? '1';

requireWrk();

const BARE = fileURLToPath(new URL('./bare.mjs', import.meta.url));
const ALL_VARIANTS = [
  { key: 'bare', label: 'bare node:http 302', script: BARE, ua: PHONE, cpus: '1' },
  // Opt-in (ADR 0167): qrelay's answer from a bare server; the bare answer on a second port of an idle
  // qrelay server (WORKERS=1), qrelay's process without its handler.
  { key: 'answer', label: "bare server, qrelay's answer", script: BARE, env: { BARE_ANSWER: 'qrelay' }, ua: PHONE, cpus: '1' },
  { key: 'inside', label: "bare 302 inside qrelay's process", script: 'dist/main.js', preload: BARE, ua: PHONE, cpus: '1' },
  { key: 'robot', label: 'qrelay, robot UA (not recorded)', script: 'dist/main.js', ua: ROBOT, cpus: '1' },
  { key: 'phone', label: 'qrelay, phone UA (recorded)', script: 'dist/main.js', ua: PHONE, cpus: '1' },
  { key: 'unpinned', label: 'qrelay, phone UA, server unpinned', script: 'dist/main.js', ua: PHONE, cpus: null },
];
// BENCH_VARIANTS=bare,phone runs some of them (bare always runs: every share is of it).
const chosen = (process.env.BENCH_VARIANTS ?? 'bare,robot,phone,unpinned').split(',');
const VARIANTS = ALL_VARIANTS.filter((v) => v.key === 'bare' || chosen.includes(v.key));

/** One run: start the server, warm it up (JIT, every sampled ending once), measure, stop it. */
async function measure(variant, env, script, round) {
  const serverPort = await freePort();
  const barePort = variant.preload ? await freePort() : null;
  // The port measured is the one waited for: the bare server inside qrelay listens once qrelay does.
  const port = barePort ?? serverPort;
  const child = await start(
    variant.script,
    { ...env, ...variant.env, PORT: String(serverPort), ...(barePort ? { BARE_PORT: String(barePort) } : {}) },
    port,
    variant.cpus,
    variant.preload ? ['--import', variant.preload] : [],
  );
  try {
    const warm = await runWrk({ port, script, seconds: WARM_SECONDS, connections: CONNECTIONS, userAgent: variant.ua });
    const cpuBefore = cpuSeconds(child.pid);
    const run = await runWrk({ port, script, seconds: SECONDS, connections: CONNECTIONS, userAgent: variant.ua });
    const serverSeconds = cpuSeconds(child.pid) - cpuBefore;
    const serverCpu = (100 * serverSeconds) / SECONDS;
    // CPU per request (all the server's threads, the writer's included): the figure load cannot skew.
    const cpuUs = (serverSeconds * 1e6) / Math.max(1, run.requests);
    if (run.wrongStatus > 0 || warm.wrongStatus > 0) throw new Error(`${variant.label}: answers other than 3xx`);
    const row = { ...run, serverCpu, cpuUs, answered: warm.answered + run.answered, load: load() };
    if (row.socketErrors > 0) console.log(`  ${row.socketErrors} socket errors or time-outs (a loaded machine?)`);
    console.log(
      `${`${variant.label} (${round}/${REPEAT})`.padEnd(44)} ${String(row.rps).padStart(7)} req/s  p99 ${row.p99.toFixed(2).padStart(7)} ms  client CPU ${row.clientCpu.toFixed(0).padStart(3)}%  server CPU ${row.serverCpu.toFixed(0).padStart(3)}% ${row.cpuUs.toFixed(1).padStart(6)} µs/req  load ${row.load}`,
    );
    return row;
  } finally {
    await stop(child);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'qrelay-bench-'));
const summary = [];
try {
  console.log(
    `load average before: ${load()}; ${SECONDS} s per run after ${WARM_SECONDS} s of warm-up, ${CONNECTIONS} connections, WORKERS=${WORKERS}`,
  );
  for (const size of SIZES) {
    const file = join(dir, `store-${size}.db`);
    const started = Date.now();
    await seed(file, size);
    console.log(`seeded ${size} codes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const picked = new Set();
    while (picked.size < Math.min(DISTINCT, size)) picked.add(Math.floor(Math.random() * size));
    const script = join(dir, `paths-${size}.lua`);
    writeScript(
      script,
      [...picked].map((i) => `/${endingOf(i)}`),
    );
    const env = {
      DATABASE_URL: `sqlite:${file}`,
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      WORKERS,
      EVENT_JOURNAL_DIR: join(dir, `journal-${size}`),
    };
    // The variants take turns in every round, so all see the same machine load.
    const runs = Object.fromEntries(VARIANTS.map((v) => [v.key, []]));
    for (let round = 1; round <= REPEAT; round += 1) {
      for (const variant of VARIANTS) runs[variant.key].push(await measure(variant, env, script, round));
    }
    // Every answered recorded redirect must be stored (none dropped to go faster).
    const answered = [...(runs.phone ?? []), ...(runs.unpinned ?? [])].reduce((sum, r) => sum + r.answered, 0);
    const store = new BetterSqlite3(file, { readonly: true });
    const stored = store.prepare('select count(*) as n from events').get().n;
    store.close();
    console.log(`  stored ${stored} events for ${answered} recorded redirects answered`);
    if (stored < answered) throw new Error('recorded redirects are missing from the store');
    const bare = median(runs.bare.map((r) => r.rps));
    const bareP99 = median(runs.bare.map((r) => r.p99));
    const bareUs = median(runs.bare.map((r) => r.cpuUs));
    for (const variant of VARIANTS) {
      const rs = runs[variant.key];
      const rps = median(rs.map((r) => r.rps));
      const p99 = median(rs.map((r) => r.p99));
      summary.push({
        store: size.toLocaleString('en'),
        run: variant.label,
        'req/s': rps,
        'of bare': `${((rps / bare) * 100).toFixed(0)}%`,
        'p99 ms': p99.toFixed(2),
        'p99 / bare p99': (p99 / bareP99).toFixed(1),
        'client CPU': `${median(rs.map((r) => r.clientCpu)).toFixed(0)}%`,
        'server CPU': `${median(rs.map((r) => r.serverCpu)).toFixed(0)}%`,
        'CPU µs/req': median(rs.map((r) => r.cpuUs)).toFixed(1),
        'CPU of bare': `${((median(rs.map((r) => r.cpuUs)) / bareUs) * 100).toFixed(0)}%`,
        load: rs.at(-1).load,
      });
    }
  }
  console.log(`\nMedians of ${REPEAT} interleaved rounds (wrk -t1 -c${CONNECTIONS} on CPU 0; server on CPU 1 unless unpinned):`);
  printTable(summary);
  console.log(`load average after: ${load()}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
