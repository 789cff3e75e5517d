// The redirect benchmark: qrelay's redirect against a bare node:http 302, each pinned to CPU 0, load from
// this process (pinned to CPU 1 by the npm script), with 1,000 and 1,000,000 codes in the store.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import BetterSqlite3 from 'better-sqlite3';
import { endingOf, seed } from './seed.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// The traffic: this many distinct codes, picked at random across the whole store, so runs against
// stores of different sizes differ only in the store's size.
const DISTINCT = Number(process.env.BENCH_DISTINCT ?? 1_000);
const SIZES = (process.env.BENCH_SIZES ?? '1000,1000000').split(',').map(Number);
// Each figure is the median of this many runs, the three servers taking turns, so a noisy moment of
// the machine moves one run and not the result.
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);

async function start(script, env, port) {
  const child = spawn('taskset', ['-c', '0', process.execPath, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`, { redirect: 'manual' });
      return child;
    } catch {
      await sleep(100);
    }
  }
  child.kill('SIGKILL');
  throw new Error(`${script} did not start`);
}

// A phone's browser: counted, so every redirect is journaled and written as an event.
const HUMAN =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
// A link-preview robot: redirected, classified and counted as excluded, but never written as an event.
const ROBOT = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

async function load(port, paths, duration = DURATION, userAgent = HUMAN) {
  let i = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration,
    headers: { host: `localhost:${port}`, 'user-agent': userAgent },
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
  const bad = result.non2xx - result['3xx'];
  if (result.errors > 0 || bad > 0 || result['3xx'] === 0)
    throw new Error(`unexpected answers: ${JSON.stringify({ errors: result.errors, non3xx: bad })}`);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, answered: result['3xx'] };
}

async function measure(name, script, env, paths, userAgent = HUMAN) {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = await start(script, { ...env, PORT: String(port) }, port);
  try {
    const warm = await load(port, paths, 4, userAgent); // warm-up: JIT, and every sampled ending once, so the run measures the steady state
    const figures = await load(port, paths, DURATION, userAgent);
    console.log(`${name.padEnd(40)} ${String(figures.rps).padStart(8)} req/s   p99 ${figures.p99} ms`);
    return { ...figures, answered: warm.answered + figures.answered };
  } finally {
    // The next server starts on the same store and journal: wait until this one has shut down.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dir = mkdtempSync(join(tmpdir(), 'qrelay-bench-'));
try {
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${DURATION} s per run, ${CONNECTIONS} connections`,
  );
  for (const size of SIZES) {
    const file = join(dir, `store-${size}.db`);
    const started = Date.now();
    await seed(file, size);
    console.log(`seeded ${size} codes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const picked = new Set();
    while (picked.size < Math.min(DISTINCT, size)) picked.add(Math.floor(Math.random() * size));
    const paths = [...picked].map((i) => `/${endingOf(i)}`);
    const env = {
      DATABASE_URL: `sqlite:${file}`,
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      EVENT_JOURNAL_DIR: join(dir, `journal-${size}`),
    };
    // The baseline is measured next to each qrelay run, so all three see the same machine load.
    const runs = { bare: [], off: [], on: [] };
    for (let round = 1; round <= REPEAT; round += 1) {
      runs.bare.push(await measure(`bare node:http 302 (${round}/${REPEAT})`, 'bench/bare.mjs', {}, ['/x']));
      runs.off.push(await measure(`qrelay, ${size} codes, not recorded`, 'dist/main.js', env, paths, ROBOT));
      runs.on.push(await measure(`qrelay, ${size} codes, recorded`, 'dist/main.js', env, paths, HUMAN));
    }
    // Every answered redirect of the recorded runs must be stored (none dropped to go faster).
    const answered = runs.on.reduce((sum, r) => sum + r.answered, 0);
    const store = new BetterSqlite3(file, { readonly: true });
    const stored = store.prepare('select count(*) as n from events').get().n;
    store.close();
    console.log(`  stored ${stored} events for ${answered} recorded redirects answered`);
    if (stored < answered) throw new Error('recorded redirects are missing from the store');
    const bare = median(runs.bare.map((r) => r.rps));
    for (const [key, label] of [
      ['off', 'not recorded (robot traffic: classified, never written)'],
      ['on', 'recorded (every redirect journaled and written as an event)'],
    ]) {
      const rps = median(runs[key].map((r) => r.rps));
      const p99 = median(runs[key].map((r) => r.p99));
      console.log(
        `  median, ${size} codes, ${label}: ${rps} req/s, p99 ${p99} ms = ${((rps / bare) * 100).toFixed(0)}% of the bare server's median ${bare} req/s`,
      );
    }
  }
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
