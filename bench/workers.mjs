// WORKERS=2 against WORKERS=1: recorded redirects on PostgreSQL + Redis (one process serves a SQLite
// store), behind one port, with a bare node:http server in the same interleaved rounds.
//
//   npm run build && node bench/workers.mjs          (or BENCH_ONLY=workers npm run bench)
//
// Environment: BENCH_STORES (postgres), BENCH_SECONDS (10), BENCH_WARM_SECONDS (3),
// BENCH_CONNECTIONS (48), BENCH_CODES (1000), BENCH_REPEAT (3), BENCH_PG, BENCH_REDIS.
// On a two-core machine wrk cannot have a core of its own while WORKERS=2 uses both: every process
// runs unpinned, and each run prints the client's CPU, the server's CPU (primary, workers and writer)
// and the server's CPU per request (docs/benchmarks.md, ADR 0111).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { PHONE } from './agents.mjs';
import { measureLoad, settings, startServers, stopServers } from './lib/measure.mjs';
import { pgStore } from './lib/pg-store.mjs';
import { load, median } from './lib/server.mjs';
import { printTable } from './lib/table.mjs';
import { requireWrk, writeScript } from './lib/wrk.mjs';
import { endingOf, seed } from './seed.mjs';

const STORES = (process.env.BENCH_STORES ?? 'postgres').split(',');
const CODES = Number(process.env.BENCH_CODES ?? 1_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);

/** A store with CODES codes: its environment, the wrk script of their endings, and its event count. */
async function open(kind, dir) {
  const script = join(dir, `${kind}.lua`);
  if (kind === 'postgres') {
    const store = await pgStore(Math.min(CODES, 200));
    writeScript(script, store.redirects);
    return { env: store.env, script, events: store.events, close: store.drop };
  }
  const file = join(dir, 'store.db');
  await seed(file, CODES);
  writeScript(
    script,
    Array.from({ length: CODES }, (_, i) => `/${endingOf(i)}`),
  );
  const events = async () => {
    const db = new BetterSqlite3(file, { readonly: true });
    const n = db.prepare('select count(*) as n from events').get().n;
    db.close();
    return n;
  };
  return {
    env: { DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent', HOST: '127.0.0.1' },
    script,
    events,
    close: async () => {},
  };
}

requireWrk();
const dir = mkdtempSync(join(tmpdir(), 'qrelay-bench-workers-'));
const rows = [];
try {
  console.log(`load average before: ${load()}; ${settings}; ${REPEAT} rounds`);
  for (const kind of STORES) {
    const store = await open(kind, dir);
    try {
      const runs = { bare: [], 1: [], 2: [] };
      let answered = 0;
      for (let round = 1; round <= REPEAT; round += 1) {
        for (const key of ['bare', '1', '2']) {
          const bare = key === 'bare';
          const servers = await startServers(bare ? 'bench/bare.mjs' : 'dist/main.js', 1, () =>
            bare ? {} : { ...store.env, WORKERS: key, EVENT_JOURNAL_DIR: join(dir, `journal-${kind}-${key}`) },
          );
          try {
            const label = bare ? 'bare node:http' : `qrelay WORKERS=${key}, recorded redirects`;
            const row = await measureLoad(`${kind}: ${label} (${round}/${REPEAT})`, servers, {
              script: store.script,
              userAgent: PHONE,
            });
            if (!bare) answered += row.answered;
            runs[key].push(row);
          } finally {
            await stopServers(servers);
          }
        }
      }
      // Hits still in a journal when a server stopped (its writer behind at saturation) are replayed by the
      // next server started on that journal (ADR 0031): start one on each journal and let it drain first.
      const beforeReplay = await store.events();
      for (const key of ['1', '2']) {
        const journal = join(dir, `journal-${kind}-${key}`);
        await stopServers(
          await startServers('dist/main.js', 1, () => ({ ...store.env, WORKERS: key, EVENT_JOURNAL_DIR: journal })),
        );
      }
      const stored = await store.events();
      console.log(`  ${kind}: stored ${stored} events for ${answered} recorded redirects answered`);
      console.log(`  ${kind}: ${stored - beforeReplay} of them replayed from the journals after the last round`);
      if (stored < answered) throw new Error('recorded redirects are missing from the store');
      const bareRps = median(runs.bare.map((r) => r.rps));
      const one = median(runs[1].map((r) => r.rps));
      for (const key of ['bare', '1', '2']) {
        const rs = runs[key];
        const rps = median(rs.map((r) => r.rps));
        rows.push({
          store: kind,
          run: key === 'bare' ? 'bare node:http 302' : `WORKERS=${key}`,
          'req/s': rps,
          'of bare': `${((100 * rps) / bareRps).toFixed(0)}%`,
          'of WORKERS=1': key === 'bare' ? '' : `${(rps / one).toFixed(2)}x`,
          'p99 ms': median(rs.map((r) => r.p99)).toFixed(2),
          'client CPU': `${median(rs.map((r) => r.clientCpu)).toFixed(0)}%`,
          'server CPU': `${median(rs.map((r) => r.serverCpu)).toFixed(0)}%`,
          'CPU ms/req': median(rs.map((r) => r.cpuPerRequest)).toFixed(3),
          load: rs.at(-1).load,
        });
      }
    } finally {
      await store.close();
    }
  }
  console.log(`\nMedians of ${REPEAT} interleaved rounds (wrk and server unpinned on the same cores; 200% = both):`);
  printTable(rows);
  console.log(`load average after: ${load()}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
