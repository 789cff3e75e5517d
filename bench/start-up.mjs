// Start-up (docs/benchmarks.md): from spawning `npm start`'s server (one process, SQLite, on the CPU
// this script runs on) to its first /healthz 200, beside a bare Fastify server started the same way in
// the same round; the server's resident memory then and 5 s later (the imaging thread warms up after
// the start); and how long the first and the second answer of four API routes take after the start:
// create a code, read it, list codes, read a code that does not exist (404). A route's first answer
// pays for whatever is prepared on first use. BENCH_BUILDS=dirA,dirB (default the checkout itself)
// alternates builds round by round, each a directory holding dist/; BENCH_REPEAT rounds (default 5),
// medians and ranges. BENCH_RENDERS=N (default 0) then renders N PNGs (64 px and up, each a new size) in one more start of the first
// build and reports its memory after them and once the imaging thread has been idle for 70 s.
import { cli as runCli } from './lib/cli.mjs';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawn } from 'node:child_process';
import { freePort, load, median, stop } from './lib/server.mjs';
import { printTable } from './lib/table.mjs';

const BUILDS = (process.env.BENCH_BUILDS ?? '.').split(',').map((dir) => resolve(dir));
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
const RENDERS = Number(process.env.BENCH_RENDERS ?? 0);
const HERE = process.env.BENCH_CPU ?? '1';

const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Spawns `script` on CPU `HERE` and polls /healthz every 10 ms: the child and the ms until its first 200. */
async function launch(script, env, port) {
  const spawned = performance.now();
  const child = spawn('taskset', ['-c', HERE, process.execPath, script], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { child, ready: performance.now() - spawned };
    await sleep(10);
  }
}

/** A bare Fastify server's time to its first /healthz 200. */
async function bareRound() {
  const port = await freePort();
  const { child, ready } = await launch(resolve('bench/fastify-hello.mjs'), {}, port);
  await stop(child);
  return ready;
}

/** One start of `build` on a fresh store: the figures of that round. */
async function round(build, renders = 0) {
  const dir = mkdtempSync(join(tmpdir(), 'qrelay-start-'));
  const env = {
    DATABASE_URL: `sqlite:${join(dir, 'start.db')}`,
    EVENT_JOURNAL_DIR: join(dir, 'journal'),
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    WORKERS: '1',
  };
  const cli = (args) => runCli(args, env, build);
  try {
    const { account } = cli(['account', 'create', '--name', 'Bench', '--plan', 'enterprise']);
    const { token } = cli(['token', 'create', '--account', account.id, '--scopes', 'codes:read,codes:write']);
    const port = await freePort();
    const { child, ready } = await launch(join(build, 'dist/main.js'), env, port);
    const figures = { ready };
    try {
      figures.rss = rssOf(child.pid);
      await sleep(5000);
      figures.rssWarm = rssOf(child.pid);
      // Each request waits for a quiet server, so it is timed alone, not behind the last one's after-work.
      const answer = async (path, status, init = {}) => {
        await sleep(250);
        const started = performance.now();
        const res = await fetch(`http://127.0.0.1:${port}${path}`, {
          ...init,
          headers: { authorization: `Bearer ${token}`, ...init.headers },
        });
        const body = await res.json();
        if (res.status !== status) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
        return { took: performance.now() - started, body };
      };
      const create = (n) =>
        answer('/api/v1/codes', 201, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Start ${n}`, url: `https://example.com/${n}` }),
        });
      const first = await create(1);
      figures.create = [first.took, (await create(2)).took];
      const read = `/api/v1/codes/${first.body.data.id}`;
      figures.read = [(await answer(read, 200)).took, (await answer(read, 200)).took];
      figures.list = [(await answer('/api/v1/codes', 200)).took, (await answer('/api/v1/codes', 200)).took];
      const missing = '/api/v1/codes/no-such-code';
      figures.missing = [(await answer(missing, 404)).took, (await answer(missing, 404)).took];
      if (renders > 0) {
        // Each size is a new image (no two share an ETag), so every request renders.
        const png = (n) => `/api/v1/codes/${first.body.data.id}/image?format=png&size=${64 + n}`;
        for (let n = 0; n < renders; n += 1) {
          // The plan's rate limit (per minute) is waited out, as a client would.
          for (;;) {
            const res = await fetch(`http://127.0.0.1:${port}${png(n)}`, { headers: { authorization: `Bearer ${token}` } });
            await res.arrayBuffer();
            if (res.status === 200) break;
            if (res.status !== 429) throw new Error(`${png(n)}: ${res.status}`);
            await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
          }
        }
        figures.rssRendered = rssOf(child.pid);
        await sleep(70_000);
        figures.rssIdle = rssOf(child.pid);
      }
    } finally {
      await stop(child);
    }
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rounds = new Map(BUILDS.map((build) => [build, []]));
const bare = [];
const loads = [load()];
for (let i = 0; i < REPEAT; i += 1) {
  bare.push(await bareRound());
  for (const build of BUILDS) rounds.get(build).push(await round(build));
}
loads.push(load());

const summary = (values, digits = 0) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${median(sorted).toFixed(digits)} (${sorted[0].toFixed(digits)}–${sorted.at(-1).toFixed(digits)})`;
};
const answers = (list, key) =>
  `${summary(
    list.map((r) => r[key][0]),
    1,
  )} / ${summary(
    list.map((r) => r[key][1]),
    1,
  )}`;

console.log(
  `\n## Start-up: one process on CPU ${HERE}, SQLite, ${REPEAT} rounds alternated, medians (ranges); load ${loads.join(' → ')}\n`,
);
console.log(
  `Bare Fastify to its first /healthz: ${summary(
    bare.map((ms) => ms / 1000),
    2,
  )} s.\n`,
);
console.log('First / second answer after the start, ms.\n');
printTable(
  [...rounds].map(([build, list]) => ({
    build: build === resolve('.') ? 'this checkout' : build,
    'ready s': summary(
      list.map((r) => r.ready / 1000),
      2,
    ),
    'ready / bare': summary(
      list.map((r, i) => r.ready / bare[i]),
      1,
    ),
    'RSS MiB': summary(list.map((r) => r.rss)),
    'RSS 5 s later': summary(list.map((r) => r.rssWarm)),
    'create a code': answers(list, 'create'),
    'read it': answers(list, 'read'),
    'list codes': answers(list, 'list'),
    'read a missing code': answers(list, 'missing'),
  })),
);

if (RENDERS > 0) {
  const after = await round(BUILDS[0], RENDERS);
  console.log(
    `\n${RENDERS} PNG renders: RSS ${after.rssWarm.toFixed(0)} MiB before, ${after.rssRendered.toFixed(0)} MiB after, ${after.rssIdle.toFixed(0)} MiB after 70 s idle.`,
  );
}
