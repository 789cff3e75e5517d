// The events table on PostgreSQL partitioned by month (migration 0016) against one plain table (the
// layout before it): bulk ingest, ingest through the recorder, the analytics reads and the event log,
// and retention of the oldest month.
//
//   npm run build && node bench/partitions.mjs [--events 10000000] [--ingest 100000]
//                                              [--pg postgres://postgres@127.0.0.1:5432/test] [--layout plain,partitioned]
//
// Each layout works in a fresh schema, dropped at the end. 10,000,000 events take the better part of
// an hour per layout on a two-core machine; --events 200000 checks the benchmark in a minute.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../dist/db/database.js';
import { migrateTo, migrateToLatest } from '../dist/db/migrate.js';
import { eventPartitions, ensureMonthPartitions, monthIndexOf } from '../dist/db/partitions.js';
import { ManualClock } from '../dist/lib/clock.js';
import { AnalyticsRepository } from '../dist/traffic/analytics/store/analytics.repository.js';
import { EventsRepository } from '../dist/traffic/events/store/events.repository.js';
import { SaltsRepository } from '../dist/traffic/events/store/events.salts.js';
import { EventsService } from '../dist/traffic/events/events.service.js';
import { SYSTEM } from '../dist/platform/authz/roles.policy.js';
import { ACCOUNT, DAY, generate, HOT, ingest, log, NOW, PREFIX, START, time } from './event-data.mjs';

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '10000000' },
    ingest: { type: 'string', default: '100000' },
    pg: { type: 'string', default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
    layout: { type: 'string', default: 'plain,partitioned' },
  },
});
const N = Number(args.events);

/** A fresh schema with the events table in `layout`: the store as 0010 left it, or partitioned by month. */
async function open(layout) {
  const schema = `qrelay_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: args.pg });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const database = openDatabase(args.pg, { schema });
  if (layout === 'plain') await migrateTo(database, '0010_events_clustered');
  else {
    await migrateToLatest(database);
    // A fresh store's history partition is empty: give the ten generated years a partition per month.
    await sql`alter table events detach partition events_history`.execute(database.db);
    await sql`drop table events_history`.execute(database.db);
    await ensureMonthPartitions(database.db, monthIndexOf(START), monthIndexOf(NOW) + 3);
    log(`  ${(await eventPartitions(database.db)).length} partitions`);
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
    const seconds = await generate(database.db, 'postgres', N);
    log(`  generated with rollups in ${seconds.toFixed(1)} s (${(N / seconds).toFixed(0)} events/s with rollups)`);
    const reads = new AnalyticsRepository(database.db);
    const today = Math.floor(NOW / DAY);
    await time('daily series, 3650 days, hot code', 21, () => reads.days(ACCOUNT, HOT, today - 3649, today));
    await time('breakdowns, 3650 days, hot code', 21, () => reads.breakdowns(ACCOUNT, [HOT], today - 3649, today));
    // As the service asks for a page: from the time now, or after a cursor.
    await time('events page (limit 50)', 51, () => reads.page({ accountId: ACCOUNT, limit: 50, now: NOW }));
    const deep = await reads.page({ accountId: ACCOUNT, limit: 50, now: NOW });
    await time('events page (limit 50, one code, after a cursor)', 51, () =>
      reads.page({ accountId: ACCOUNT, codeId: `${PREFIX}000000000007`, limit: 50, before: deep.at(-1).id }),
    );
    // A code with no events walks every step to the last one (ADR 0112): unbounded, or stopped at the
    // code's creation as the service asks (here a code made 30 days ago).
    await time('events page (limit 50, a code with no events)', 51, () =>
      reads.page({ accountId: ACCOUNT, codeId: `${PREFIX}999999999999`, limit: 50, now: NOW }),
    );
    await time('events page (limit 50, a code with no events, made 30 days ago)', 51, () =>
      reads.page({ accountId: ACCOUNT, codeId: `${PREFIX}999999999999`, limit: 50, now: NOW, since: NOW - 30 * DAY }),
    );
    await ingest(database, Number(args.ingest));
    // Retention of the oldest month: whole partitions dropped, or rows deleted in chunks.
    const clock = new ManualClock(START + 3650 * DAY + 31 * DAY);
    const events = new EventsService(new EventsRepository(database.db), new SaltsRepository(database.db), clock);
    const t = performance.now();
    const removed = await events.purgeOlderThan(SYSTEM, 3650);
    log(`  retention of the oldest ~31 days: ${removed} events in ${((performance.now() - t) / 1000).toFixed(2)} s`);
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
