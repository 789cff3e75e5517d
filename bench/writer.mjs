// The events writer's own cost, without the network or the serving thread: `node bench/writer.mjs
// [events] [batch] [rounds] [dist ...]` seeds a SQLite store of 1,000 codes per build, builds the batch
// writer as the recorder does (without the alert and webhook listeners, which add nothing for codes
// without rules or subscriptions), and commits
// `events` scans (default 300,000) spread over the 1,000 codes in batches of `batch` (default 20,000).
// It prints, per build and round, the CPU time per event (user and system, process.cpuUsage), the bytes
// the process wrote per event (/proc/self/io: the write-ahead log and its checkpoints) and the wall time
// per event, then the medians. Several builds (a dist/ copied elsewhere, with node_modules reachable
// from it) run in turn in each round, each in a process of its own, so they share the machine's load.
// BENCH_CHUNK sets the events written at a time (500, as on SQLite). Run it pinned (`taskset -c 1 node
// bench/writer.mjs`). Needs a built dist/.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { v7 } from 'uuid';
import { median } from './lib/server.mjs';
import { seed } from './seed.mjs';

const CODES = 1_000;
const written = () => Number(/write_bytes: (\d+)/.exec(readFileSync('/proc/self/io', 'utf8'))[1]);

/** One build's run, in this process: prints one JSON line with its figures. */
async function measure(dist, total, batch) {
  const load = (path) => import(pathToFileURL(join(resolve(dist), path)).href);
  const { openDatabase } = await load('db/database.js');
  const { migrateToLatest } = await load('db/migrate.js');
  const { systemClock } = await load('lib/clock.js');
  const { transactor } = await load('db/transaction.js');
  const { BatchWriter } = await load('traffic/events/events.writer.js');
  const { EventBatchRepository } = await load('traffic/events/store/events.batch.repository.js');
  const dir = mkdtempSync(join(tmpdir(), 'qrelay-writer-'));
  try {
    const file = join(dir, 'store.db');
    await seed(file, CODES, { openDatabase, migrateToLatest });
    const raw = new BetterSqlite3(file, { readonly: true });
    const codes = raw.prepare('select id, account_id from codes').all();
    raw.close();
    const database = openDatabase(`sqlite:${file}`);
    // Batches as the flood makes them: every `add` is committed by the flush that follows it.
    const never = 1e9;
    // Since the compact events store the repository takes the store's keys, and events have no id until
    // committed; a build from before it (to compare with) takes neither.
    const compact = existsSync(join(resolve(dist), 'traffic/events/store/event-keys.js'));
    const batches = compact
      ? new EventBatchRepository(
          database.bulk,
          new (await load('traffic/events/store/event-keys.js')).EventKeys(database.db),
          systemClock,
        )
      : new EventBatchRepository(database.bulk, systemClock);
    const writer = new BatchWriter(
      // As the recorder builds it: a batch's chunks share a transaction while no query waits.
      { transactor: transactor(database.db), batches, othersWaiting: database.othersWaiting },
      {
        maxBatch: never,
        chunk: Number(process.env.BENCH_CHUNK ?? 500),
        flushIntervalMs: never,
        maxWindowMs: never,
      },
    );
    const now = Date.now();
    const scan = (i) => {
      const code = codes[(i * 7919) % CODES];
      return {
        ...(compact ? {} : { id: v7() }),
        accountId: code.account_id,
        type: 'scan',
        targetId: code.id,
        codeId: code.id,
        linkId: null,
        occurredAt: now,
        placement: null,
        country: 'DE',
        region: 'BE',
        city: 'Berlin',
        os: 'iOS',
        device: 'mobile',
        browser: 'Mobile Safari',
        visitor: (i % 5_000).toString(16).padStart(64, '0'),
      };
    };
    const commit = async (from, count) => {
      for (let i = 0; i < count; i += 1) writer.add(scan(from + i));
      await writer.flush();
    };
    await commit(0, batch); // warm-up
    const cpu = process.cpuUsage();
    const bytes = written();
    const started = performance.now();
    for (let n = 0; n < total; n += batch) await commit(batch + n, Math.min(batch, total - n));
    const used = process.cpuUsage(cpu);
    const result = {
      cpuUs: (used.user + used.system) / total,
      userUs: used.user / total,
      systemUs: used.system / total,
      bytes: (written() - bytes) / total,
      wallUs: ((performance.now() - started) * 1000) / total,
    };
    await writer.close();
    await database.close();
    console.log(JSON.stringify(result));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const self = fileURLToPath(import.meta.url);
// Run by bench/run.mjs, the arguments are run.mjs's (none): the defaults apply.
const args = resolve(process.argv[1] ?? '') === self ? process.argv.slice(2) : [];
const [events = '300000', batch = '20000', rounds = '3', ...dists] = args;
if (process.env.QRELAY_WRITER_BENCH_CHILD) {
  await measure(dists[0], Number(events), Number(batch));
} else {
  if (dists.length === 0) dists.push('dist');
  const runs = new Map(dists.map((d) => [d, []]));
  for (let round = 1; round <= Number(rounds); round += 1) {
    for (const dist of dists) {
      const out = execFileSync(process.execPath, [self, events, batch, rounds, dist], {
        env: { ...process.env, QRELAY_WRITER_BENCH_CHILD: '1' },
        encoding: 'utf8',
      });
      const r = JSON.parse(out.trim().split('\n').at(-1));
      runs.get(dist).push(r);
      console.log(
        `${dist} (${round}/${rounds}): ${r.cpuUs.toFixed(2)} µs CPU per event (user ${r.userUs.toFixed(2)}, system ${r.systemUs.toFixed(2)}), ${r.bytes.toFixed(0)} bytes written, ${r.wallUs.toFixed(2)} µs wall`,
      );
    }
  }
  console.log(`\nMedians of ${rounds} rounds, ${events} events in batches of ${batch} over ${CODES} codes:`);
  console.log('| build | CPU µs/event | bytes written/event | wall µs/event |\n|---|---|---|---|');
  for (const [dist, rs] of runs) {
    const m = (key) => median(rs.map((r) => r[key]));
    console.log(`| ${dist} | ${m('cpuUs').toFixed(2)} | ${m('bytes').toFixed(0)} | ${m('wallUs').toFixed(2)} |`);
  }
}
