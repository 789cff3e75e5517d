// Three instances against one on PostgreSQL and Redis: recorded redirects and API reads per second,
// with bare node:http servers (one, then three) measured in the same interleaved rounds.
//
//   npm run build && node bench/instances.mjs        (or BENCH_ONLY=instances npm run bench)
//
// Environment: BENCH_PG (default TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test),
// BENCH_REDIS (default REDIS_URL or redis://127.0.0.1:6379), BENCH_SECONDS (10), BENCH_WARM_SECONDS (3),
// BENCH_CONNECTIONS (48, shared out over the instances, one wrk per instance as a round-robin load
// balancer would), BENCH_INSTANCES (1,3), BENCH_CODES (200), BENCH_REPEAT (3). On one machine every
// process shares the same cores: wrk is not pinned and its CPU is printed with every run
// (docs/benchmarks.md, ADR 0111). Works in a fresh PostgreSQL schema, dropped at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PHONE } from './agents.mjs';
import { measureLoad, settings, startServers, stopServers } from './lib/measure.mjs';
import { pgStore } from './lib/pg-store.mjs';
import { load, median } from './lib/server.mjs';
import { printTable } from './lib/table.mjs';
import { requireWrk, writeScript } from './lib/wrk.mjs';

const COUNTS = (process.env.BENCH_INSTANCES ?? '1,3').split(',').map(Number);
const CODES = Number(process.env.BENCH_CODES ?? 200);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);

requireWrk();
const dir = mkdtempSync(join(tmpdir(), 'qrelay-bench-instances-'));
const store = await pgStore(CODES);
try {
  console.log(`load average before: ${load()}; ${settings}; ${REPEAT} rounds`);
  const redirectScript = join(dir, 'redirects.lua');
  const readScript = join(dir, 'reads.lua');
  writeScript(redirectScript, store.redirects);
  writeScript(readScript, store.reads);
  const runs = {};
  const add = (key, row) => (runs[key] ??= []).push(row);
  let answered = 0;
  for (let round = 1; round <= REPEAT; round += 1) {
    for (const count of COUNTS) {
      const bare = await startServers('bench/bare.mjs', count, () => ({}));
      try {
        add(
          `${count}|bare`,
          await measureLoad(`bare node:http x${count} (${round}/${REPEAT})`, bare, { script: redirectScript, userAgent: PHONE }),
        );
      } finally {
        await stopServers(bare);
      }
      const instances = await startServers('dist/main.js', count, (i) => ({
        ...store.env,
        WORKERS: '1',
        EVENT_JOURNAL_DIR: join(dir, `journal-${i}`),
      }));
      try {
        const redirects = await measureLoad(`qrelay x${count}, recorded redirects (${round}/${REPEAT})`, instances, {
          script: redirectScript,
          userAgent: PHONE,
        });
        answered += redirects.answered;
        add(`${count}|redirects`, redirects);
        add(
          `${count}|reads`,
          await measureLoad(`qrelay x${count}, API reads (${round}/${REPEAT})`, instances, {
            script: readScript,
            userAgent: 'bench',
            headers: [`Authorization: Bearer ${store.token}`],
          }),
        );
      } finally {
        await stopServers(instances);
      }
    }
  }
  // Hits still in a journal when an instance stopped are replayed by the next server started on that
  // journal (ADR 0031): start one on each journal and let it drain before counting.
  const beforeReplay = await store.events();
  const most = Math.max(...COUNTS);
  await stopServers(
    await startServers('dist/main.js', most, (i) => ({
      ...store.env,
      WORKERS: '1',
      EVENT_JOURNAL_DIR: join(dir, `journal-${i}`),
    })),
  );
  const stored = await store.events();
  console.log(`stored ${stored} events for ${answered} recorded redirects answered`);
  console.log(`${stored - beforeReplay} of them replayed from the journals after the last round`);
  if (stored < answered) throw new Error('recorded redirects are missing from the store');
  const rows = [];
  for (const [key, rs] of Object.entries(runs)) {
    const [count, what] = key.split('|');
    const bareRps = median(runs[`${count}|bare`].map((r) => r.rps));
    const rps = median(rs.map((r) => r.rps));
    rows.push({
      processes: count,
      run: { bare: 'bare node:http 302', redirects: 'recorded redirects', reads: 'API reads (GET /codes/{id})' }[what],
      'req/s': rps,
      'of bare': `${((100 * rps) / bareRps).toFixed(0)}%`,
      'p99 ms': median(rs.map((r) => r.p99)).toFixed(2),
      'client CPU': `${median(rs.map((r) => r.clientCpu)).toFixed(0)}%`,
      'servers CPU': `${median(rs.map((r) => r.serverCpu)).toFixed(0)}%`,
      'CPU ms/req': median(rs.map((r) => r.cpuPerRequest)).toFixed(3),
      load: rs.at(-1).load,
    });
  }
  console.log(`\nMedians of ${REPEAT} interleaved rounds (wrk unpinned, one per instance; 200% = both cores):`);
  printTable(rows);
  console.log(`load average after: ${load()}`);
} finally {
  await store.drop();
  rmSync(dir, { recursive: true, force: true });
}
