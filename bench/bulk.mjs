// Bulk create and print runs through the built server (docs/benchmarks.md, "Bulk create and print runs"):
// a 100,000-row CSV (BENCH_BULK_ROWS) made into codes, then a print run of 10,000 of them
// (BENCH_PRINT_CODES) as PDF with A4 label sheets, then the same number of links moved in from a Bitly export,
// on SQLite and on PostgreSQL (BENCH_BULK_STORES=sqlite,postgres).
// Reports wall time from the POST to the job's end, how long the check of every row took, and the
// serving process's peak RSS over its RSS when idle (sampled every 100 ms from /proc).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { cli } from './lib/cli.mjs';
import { cpuSeconds, freePort, load, start, stop } from './lib/server.mjs';
import { PG } from './lib/pg-store.mjs';

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 100_000);
const PRINT = Number(process.env.BENCH_PRINT_CODES ?? 10_000);
const STORES = (process.env.BENCH_BULK_STORES ?? 'sqlite,postgres').split(',');
const MIB = 1_048_576;

const rss = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;

/** Peak RSS of `pid` while `work` runs, sampled every 100 ms. */
async function peakDuring(pid, work) {
  let peak = rss(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rss(pid));
    } catch {
      /* the process ended */
    }
  }, 100);
  try {
    return { result: await work(), peak };
  } finally {
    clearInterval(timer);
  }
}

async function storeEnv(name, dir) {
  if (name === 'sqlite') return { env: { DATABASE_URL: `sqlite:${join(dir, 'qrelay.db')}` }, drop: async () => undefined };
  const schema = `qrelay_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  return {
    env: { DATABASE_URL: PG, DATABASE_SCHEMA: schema },
    async drop() {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    },
  };
}

async function waitFor(api, id, onProgress) {
  for (;;) {
    const job = (await (await api(`/api/v1/jobs/${id}`)).json()).data;
    onProgress?.(job);
    if (!['queued', 'running'].includes(job.status)) return job;
    await sleep(100);
  }
}

async function run(name) {
  const dir = mkdtempSync(join(tmpdir(), 'qrelay-bench-bulk-'));
  const store = await storeEnv(name, dir);
  const env = {
    ...store.env,
    JOBS_DIR: join(dir, 'jobs'),
    EVENT_JOURNAL_DIR: join(dir, 'journal'),
    MEDIA_DIR: join(dir, 'media'),
    PUBLIC_URL: 'http://qrelay.bench.test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    WORKERS: '1',
  };
  const port = await freePort();
  // The first start migrates the store; the CLI then makes the account and its token.
  let child = await start('dist/main.js', { ...env, PORT: String(port) }, port, null);
  await stop(child);
  const { account } = cli(
    [
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
    ],
    env,
  );
  const { token } = cli(
    ['token', 'create', '--account', account.id, '--scopes', 'codes:read,codes:write,links:read,links:write'],
    env,
  );
  child = await start('dist/main.js', { ...env, PORT: String(port) }, port, null);
  const api = (path, init = {}) =>
    fetch(`http://127.0.0.1:${port}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  try {
    await sleep(3000);
    const idle = rss(child.pid);
    const csv = [
      'name,url',
      ...Array.from({ length: ROWS }, (_, i) => `Box ${i + 1},https://example.com/box/${i + 1}?lot=${i % 97}`),
    ].join('\n');
    const cpu0 = cpuSeconds(child.pid);
    const started = performance.now();
    let checked = null;
    const bulk = await peakDuring(child.pid, async () => {
      const res = await api('/api/v1/codes/bulk', { method: 'POST', body: csv, headers: { 'content-type': 'text/csv' } });
      if (res.status !== 202) throw new Error(`bulk answered ${res.status}: ${await res.text()}`);
      const { id } = (await res.json()).data;
      return waitFor(api, id, (job) => {
        if (checked === null && job.done > 0) checked = performance.now() - started;
      });
    });
    const bulkMs = performance.now() - started;
    const bulkCpu = cpuSeconds(child.pid) - cpu0;
    if (bulk.result.status !== 'succeeded') throw new Error(`bulk ended ${bulk.result.status}: ${bulk.result.reason}`);
    const lines = (await (await api(bulk.result.file)).text())
      .trim()
      .split('\n')
      .slice(1, PRINT + 1);
    const codeIds = lines.map((line) => line.split(',')[1]);

    await sleep(2000);
    const idleBefore = rss(child.pid);
    const printStarted = performance.now();
    const cpu1 = cpuSeconds(child.pid);
    const print = await peakDuring(child.pid, async () => {
      const res = await api('/api/v1/exports', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          codeIds,
          format: 'pdf',
          size: 30,
          sheet: { paper: 'A4', columns: 3, rows: 8, marginMm: 10, gapMm: 4, caption: 'name' },
        }),
      });
      if (res.status !== 202) throw new Error(`export answered ${res.status}: ${await res.text()}`);
      return waitFor(api, (await res.json()).data.id);
    });
    const printMs = performance.now() - printStarted;
    const printCpu = cpuSeconds(child.pid) - cpu1;
    if (print.result.status !== 'succeeded') throw new Error(`print run ended ${print.result.status}: ${print.result.reason}`);
    const zipBytes = Number((await api(print.result.file, { method: 'HEAD' })).headers.get('content-length') ?? 0);

    // Moving in: a Bitly export of ROWS links, each with its own back-half, a title, tags and clicks.
    const bitly = [
      'Title,Link,Custom Link,Destination URL,Date Created,Tags,Engagements',
      ...Array.from(
        { length: ROWS },
        (_, i) =>
          `Link ${i + 1},https://bit.ly/b${i.toString(36)}x,,https://example.com/old/${i + 1},2024-03-05 14:07:09,"old, moved",${i % 500}`,
      ),
    ].join('\n');
    const boundary = 'qrelay-bench-boundary';
    const form = `--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\nbitly\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bitly.csv"\r\nContent-Type: text/csv\r\n\r\n${bitly}\r\n--${boundary}--\r\n`;
    await sleep(2000);
    const idleImport = rss(child.pid);
    const importStarted = performance.now();
    const moved = await peakDuring(child.pid, async () => {
      const res = await api('/api/v1/imports', {
        method: 'POST',
        body: form,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      if (res.status !== 202) throw new Error(`import answered ${res.status}: ${await res.text()}`);
      return waitFor(api, (await res.json()).data.id);
    });
    const importMs = performance.now() - importStarted;
    if (moved.result.status !== 'succeeded' || moved.result.done !== ROWS)
      throw new Error(`import ended ${moved.result.status} with ${moved.result.done}: ${moved.result.reason}`);
    const sample = await fetch(`http://127.0.0.1:${port}/b${(ROWS - 1).toString(36)}x`, {
      redirect: 'manual',
      headers: { host: 'qrelay.bench.test' },
    });
    if (sample.status !== 302) throw new Error(`an imported address answered ${sample.status}`);
    return {
      name,
      bulkS: bulkMs / 1000,
      checkS: (checked ?? bulkMs) / 1000,
      bulkCpu,
      bulkPeak: (bulk.peak - idle) / MIB,
      idle: idle / MIB,
      printS: printMs / 1000,
      printCpu,
      printPeak: (print.peak - idleBefore) / MIB,
      zipMb: zipBytes / 1e6,
      importS: importMs / 1000,
      importPeak: (moved.peak - idleImport) / MIB,
    };
  } finally {
    await stop(child);
    await store.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `\n## Bulk create and print runs (${ROWS.toLocaleString('en')} rows; print run of ${PRINT.toLocaleString('en')} codes as PDF with A4 sheets)`,
);
console.log(`load before: ${load()}\n`);
console.log(
  '| store | bulk: wall (check) | bulk: server CPU | bulk: peak RSS over idle | print run: wall | print run: server CPU | print run: peak RSS over idle | ZIP | Bitly import: wall | import: peak RSS over idle |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const name of STORES) {
  const r = await run(name);
  console.log(
    `| ${r.name} | ${r.bulkS.toFixed(1)} s (${r.checkS.toFixed(1)} s) | ${r.bulkCpu.toFixed(1)} s | +${r.bulkPeak.toFixed(0)} MiB (idle ${r.idle.toFixed(0)}) | ${r.printS.toFixed(1)} s | ${r.printCpu.toFixed(1)} s | +${r.printPeak.toFixed(0)} MiB | ${r.zipMb.toFixed(1)} MB | ${r.importS.toFixed(1)} s | +${r.importPeak.toFixed(0)} MiB |`,
  );
}
console.log(`load after: ${load()}`);
