// The redirect benchmark: qrelay's redirect against a bare node:http 302, each pinned to CPU 0, load from
// this process (pinned to CPU 1 by the npm script), with 1,000 and 1,000,000 codes in the store.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { endingOf, seed } from './seed.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SAMPLE = 5_000;
const SIZES = (process.env.BENCH_SIZES ?? '1000,1000000').split(',').map(Number);

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
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}

async function measure(name, script, env, paths, userAgent = HUMAN) {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = await start(script, { ...env, PORT: String(port) }, port);
  try {
    await load(port, paths, 4, userAgent); // warm-up: JIT, and every sampled ending once, so the run measures the steady state
    const figures = await load(port, paths, DURATION, userAgent);
    console.log(`${name.padEnd(34)} ${String(figures.rps).padStart(8)} req/s   p99 ${figures.p99} ms`);
    return figures;
  } finally {
    child.kill('SIGTERM');
  }
}

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
    const paths = Array.from({ length: SAMPLE }, () => `/${endingOf(Math.floor(Math.random() * size))}`);
    // The baseline is measured next to each qrelay run, so both see the same machine load.
    const bare = await measure('bare node:http 302', 'bench/bare.mjs', {}, ['/x']);
    const env = {
      DATABASE_URL: `sqlite:${file}`,
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      EVENT_JOURNAL_DIR: join(dir, `journal-${size}`),
    };
    const off = await measure(`qrelay, ${size} codes, not recorded`, 'dist/main.js', env, paths, ROBOT);
    console.log(`  = ${((off.rps / bare.rps) * 100).toFixed(0)}% of the bare server (robot traffic: classified, never written)`);
    const on = await measure(`qrelay, ${size} codes, recorded`, 'dist/main.js', env, paths, HUMAN);
    console.log(
      `  = ${((on.rps / bare.rps) * 100).toFixed(0)}% of the bare server (every redirect journaled and written as an event)`,
    );
  }
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
