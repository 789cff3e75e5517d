// The events table on PostgreSQL partitioned by ranges of seq (migration 0018) against one plain table
// with the same columns and indexes: writing through the events writer, ingest through the recorder,
// the analytics reads and the event log, and retention of the oldest month.
//
//   npm run build && node bench/partitions.mjs [--events 10000000] [--ingest 100000]
//                                              [--pg postgres://postgres@127.0.0.1:5432/test] [--layout plain,partitioned]
//                                              [--range-size 8388608 (events per partition)]
//
// Each layout works in a fresh schema, dropped at the end. At the product's range size ten million
// events fill two partitions; a smaller --range-size gives more partitions for the same events.
// --events 200000 checks the benchmark in a minute.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../dist/db/database.js';
import { migrateToLatest } from '../dist/db/migrate.js';
import { dropPartition, eventPartitions, RANGE_SIZE } from '../dist/db/partitions.js';
import { ManualClock } from '../dist/lib/clock.js';
import { AnalyticsRepository } from '../dist/traffic/analytics/store/analytics.repository.js';
import { EventKeys } from '../dist/traffic/events/store/event-keys.js';
import { EventsRepository } from '../dist/traffic/events/store/events.repository.js';
import { SaltsRepository } from '../dist/traffic/events/store/events.salts.js';
import { EventsService } from '../dist/traffic/events/events.service.js';
import { SYSTEM } from '../dist/platform/authz/roles.policy.js';
import { ACCOUNT, DAY, generate, HOT, ingest, log, NOW, PREFIX, START, storeSize, time } from './event-data.mjs';

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '10000000' },
    ingest: { type: 'string', default: '100000' },
    pg: { type: 'string', default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
    layout: { type: 'string', default: 'plain,partitioned' },
    'range-size': { type: 'string', default: String(RANGE_SIZE) },
  },
});
const N = Number(args.events);
const RANGE = Number(args['range-size']);

/** A fresh schema with the events table in `layout`: the product's partitions by ranges of seq, or one plain table. */
async function open(layout) {
  const schema = `qrelay_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: args.pg });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const database = openDatabase(args.pg, { schema });
  await migrateToLatest(database);
  const { db } = database;
  if (layout === 'plain') {
    // The same columns and indexes in one table (the sequence is not the table's, so it stays).
    await sql`create table events_plain (like events including defaults)`.execute(db);
    await sql`drop table events`.execute(db);
    await sql`alter table events_plain rename to events`.execute(db);
    await sql`create index events_account_type_seq on events (account, type, seq)`.execute(db);
    await sql`create index events_target_seq on events (target, seq)`.execute(db);
    await sql`create index events_seq_idx on events (seq)`.execute(db);
  } else if (RANGE !== RANGE_SIZE) {
    // The migration's first two (empty) ranges, made again at this size as events are written.
    for (const part of await eventPartitions(db)) if (part.from !== null) await dropPartition(db, part.name);
  }
  return {
    database,
    async close() {
      await database.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

async function run(layout) {
  log(`${layout}: ${N} events over 3650 days`);
  const { database, close } = await open(layout);
  try {
    const { db } = database;
    const { seconds } = await generate(database, N, { rangeSize: layout === 'partitioned' ? RANGE : null });
    log(`  generated with rollups and compaction in ${seconds.toFixed(1)} s (${(N / seconds).toFixed(0)} events/s)`);
    log(`  ${(await eventPartitions(db)).length} partitions`);
    await storeSize(database, N);
    const keys = new EventKeys(db);
    const reads = new AnalyticsRepository(db, keys);
    const today = Math.floor(NOW / DAY);
    await time('daily series, 3650 days, hot code', 21, () => reads.days(ACCOUNT, HOT, today - 3649, today));
    await time('breakdowns, 3650 days, hot code', 21, () => reads.breakdowns(ACCOUNT, [HOT], today - 3649, today));
    await time('events page (limit 50)', 51, () => reads.page({ accountId: ACCOUNT, limit: 50 }));
    const deep = await reads.page({ accountId: ACCOUNT, limit: 50 });
    await time('events page (limit 50, one code, after a cursor)', 51, () =>
      reads.page({ accountId: ACCOUNT, codeId: `${PREFIX}000000000007`, limit: 50, before: Number(deep.at(-1).id) }),
    );
    await time('events page (limit 50, one quiet code)', 51, () =>
      reads.page({ accountId: ACCOUNT, codeId: `${PREFIX}000000000007`, limit: 50 }),
    );
    await ingest(database, Number(args.ingest));
    // Retention of the oldest month: whole partitions dropped, then rows deleted in chunks.
    const clock = new ManualClock(START + 3650 * DAY + 31 * DAY);
    const events = new EventsService(new EventsRepository(db, keys, database.bulk), new SaltsRepository(db), clock);
    const before = (await eventPartitions(db)).length;
    const t = performance.now();
    const removed = await events.purgeOlderThan(SYSTEM, 3650);
    const dropped = before - (await eventPartitions(db)).length;
    log(
      `  retention of the oldest ~31 days: ${removed} events in ${((performance.now() - t) / 1000).toFixed(2)} s` +
        ` (${dropped} partitions dropped)`,
    );
  } finally {
    await close();
  }
}

const load = async () =>
  (await import('node:os'))
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
log(`load: ${await load()}`);
for (const layout of args.layout.split(',')) await run(layout);
log(`load: ${await load()}`);
