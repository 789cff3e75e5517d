// Start-up (docs/benchmarks.md): from spawning `npm start`'s server (one process, SQLite, on CPU 1) to its
// /healthz, its resident memory then, and how long the first and the second answer of four API routes
// take after the start: create a code, read it, list codes, read a code that does not exist (404). A
// route's first answer pays for whatever is prepared on first use. BENCH_BUILDS=dirA,dirB (default
// the checkout itself) alternates builds round by round, each a directory holding dist/;
// BENCH_REPEAT rounds (default 3), medians and ranges.
import { cli as runCli } from './lib/cli.mjs';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, load, median, start, stop } from './lib/server.mjs';
import { printTable } from './lib/table.mjs';

const BUILDS = (process.env.BENCH_BUILDS ?? '.').split(',').map((dir) => resolve(dir));
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);

/** One start of `build` on a fresh store: the figures of that round. */
async function round(build) {
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
    const spawned = performance.now();
    const child = await start(join(build, 'dist/main.js'), { ...env, PORT: String(port) }, port, '1');
    const figures = { ready: performance.now() - spawned };
    try {
      figures.rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024;
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
    } finally {
      await stop(child);
    }
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rounds = new Map(BUILDS.map((build) => [build, []]));
const loads = [load()];
for (let i = 0; i < REPEAT; i += 1) for (const build of BUILDS) rounds.get(build).push(await round(build));
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
  `\n## Start-up: one process on CPU 1, SQLite, ${REPEAT} rounds alternated, medians (ranges); load ${loads.join(' → ')}\n`,
);
console.log('First / second answer after the start, ms.\n');
printTable(
  [...rounds].map(([build, list]) => ({
    build: build === resolve('.') ? 'this checkout' : build,
    'ready s': summary(
      list.map((r) => r.ready / 1000),
      2,
    ),
    'RSS MiB': summary(list.map((r) => r.rss)),
    'create a code': answers(list, 'create'),
    'read it': answers(list, 'read'),
    'list codes': answers(list, 'list'),
    'read a missing code': answers(list, 'missing'),
  })),
);
