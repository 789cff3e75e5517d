// Events benchmark: writes N events through the events writer (with their rollups, then the monthly
// compaction) into SQLite and/or PostgreSQL, then measures the store's size per event, the plans of
// its hot statements, code analytics over 3650 days, events pages, and ingest through the recorder.
//
//   npm run build && node bench/events.mjs [--events 10000000] [--store sqlite|postgres|both]
//                                          [--pg postgres://postgres@127.0.0.1:5432/test] [--ingest 200000]
//                                          [--chunk 20000 (events per writer batch)]
//
// Needs the build (dist/). SQLite works in a temporary file; PostgreSQL in a fresh schema; both are
// removed at the end.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../dist/db/database.js';
import { migrateToLatest } from '../dist/db/migrate.js';
import { systemClock } from '../dist/lib/clock.js';
import { ACCOUNT, explainAll, generate, HOT, ingest, log, PREFIX, storeSize, time } from './event-data.mjs';
import { AnalyticsRepository } from '../dist/traffic/analytics/store/analytics.repository.js';
import { AnalyticsService } from '../dist/traffic/analytics/analytics.service.js';
import { EventKeys } from '../dist/traffic/events/store/event-keys.js';
import { person } from '../dist/platform/authz/roles.policy.js';

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '10000000' },
    store: { type: 'string', default: 'both' },
    pg: { type: 'string', default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
    ingest: { type: 'string', default: '200000' },
    chunk: { type: 'string', default: '20000' },
  },
});
const N = Number(args.events);
const CHUNK = Number(args.chunk);

async function run(dialect) {
  let url;
  let cleanup;
  let options = {};
  if (dialect === 'sqlite') {
    const file = join(tmpdir(), `qrelay-bench-${randomBytes(4).toString('hex')}.db`);
    url = `sqlite:${file}`;
    cleanup = async () => {
      for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
    };
  } else {
    const schema = `qrelay_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: args.pg });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    url = args.pg;
    options = { schema };
    cleanup = async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    };
  }
  const database = openDatabase(url, options);
  try {
    await migrateToLatest(database);
    log(`${dialect}: writing ${N} events over 3650 days (10% on one code, the rest on 900 codes)`);
    const { seconds } = await generate(database, N, { batch: CHUNK });
    log(`  generated with rollups and compaction in ${seconds.toFixed(1)} s`);
    const size = await storeSize(database, N);
    const flagged = await explainAll(database);
    log(`  plans with a scan or a sort: ${flagged.length === 0 ? 'none' : flagged.join('; ')}`);
    const keys = new EventKeys(database.db);
    const reads = new AnalyticsService({
      events: new AnalyticsRepository(database.db, keys),
      // Every code asked for is the account's.
      codes: { findInAccount: async () => true },
      clock: systemClock,
    });
    const actor = person(ACCOUNT, 'bench', 'owner');
    const service = {
      codeAnalytics: ({ accountId: _a, ...input }) => reads.codeAnalytics(actor, input),
      list: ({ accountId: _a, ...input }) => reads.list(actor, input),
    };
    const analytics = await time('codeAnalytics(days=3650), hot code', 21, () =>
      service.codeAnalytics({ accountId: ACCOUNT, codeId: HOT, days: 3650 }),
    );
    await time('codeAnalytics(days=30), hot code', 21, () =>
      service.codeAnalytics({ accountId: ACCOUNT, codeId: HOT, days: 30 }),
    );
    const page = await time('events page (limit 50)', 51, () => service.list({ accountId: ACCOUNT, limit: 50 }));
    await time('events page (limit 50, codeId)', 51, () =>
      service.list({ accountId: ACCOUNT, limit: 50, codeId: `${PREFIX}000000000007` }),
    );
    const deep = await service.list({ accountId: ACCOUNT, limit: 100 });
    const codePage = await time('events page (limit 50, codeId, cursor)', 51, () =>
      service.list({
        accountId: ACCOUNT,
        limit: 50,
        codeId: `${PREFIX}000000000007`,
        ...(deep.nextCursor ? { cursor: deep.nextCursor } : {}),
      }),
    );
    const ingested = await ingest(database, Number(args.ingest));
    return { dialect, seconds, size, flagged, analytics, page, codePage, ingested };
  } finally {
    await database.close();
    await cleanup();
  }
}

log(
  `load: ${(await import('node:os'))
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
const stores = args.store === 'both' ? ['sqlite', 'postgres'] : [args.store];
for (const store of stores) await run(store);
log(
  `load: ${(await import('node:os'))
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
