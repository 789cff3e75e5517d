import { sql, type Kysely } from 'kysely';
import { clusteredByKey, dialectOf } from '../dialect.js';
import { ensureRangesAhead } from '../partitions.js';

/** The tables of the text-keyed events store, kept as `legacy_*` until their rows are moved. */
export const LEGACY_TABLES = [
  'events',
  'event_rollups',
  'event_breakdowns',
  'event_breakdowns_monthly',
  'event_totals',
  'excluded_hits',
  'daily_visitors',
] as const;

/**
 * Compact events: integer keys inside the store, dimensions as dictionary codes, one rollup row per
 * target and day with its breakdown packed in a blob. The old tables are renamed `legacy_*`; their rows
 * are moved over after the migrations, in chunks that each commit (traffic/events/store/legacy-move.ts),
 * so a large store's move shows progress and resumes where it stopped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  for (const table of LEGACY_TABLES)
    await sql`alter table ${sql.table(table)} rename to ${sql.table(`legacy_${table}`)}`.execute(db);
  // A partition's name is its own: the old default partition would take the new one's.
  if (postgres) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_class where relname = 'events_default'
      and relnamespace = current_schema()::regnamespace`.execute(db);
    if ((rows[0]?.n ?? 0) > 0) await sql`alter table events_default rename to legacy_events_default`.execute(db);
  }
  // A surrogate integer per key (`identity` on PostgreSQL, the rowid on SQLite).
  const serial = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', 'integer', (c) => (postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey()));

  await serial('event_accounts')
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .execute();
  await serial('event_targets')
    .addColumn('account', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('total', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await serial('event_values')
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addUniqueConstraint('event_values_dimension_value', ['dimension', 'value'])
    .execute();

  // Events in the order they were recorded: `seq` is the API's event id and every page's cursor.
  const dimensions = ['placement', 'country', 'region', 'city', 'os', 'device', 'browser'];
  if (postgres) {
    await sql`create sequence events_seq as bigint`.execute(db);
    await sql`create table events (
      seq bigint not null default nextval('events_seq'),
      account integer not null, target integer not null, type smallint not null, at bigint not null,
      ${sql.raw(dimensions.map((d) => `${d} integer`).join(', '))}
    ) partition by range (seq)`.execute(db);
    await sql`create table events_default partition of events default`.execute(db);
  } else {
    let events = db.schema
      .createTable('events')
      .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('account', 'integer', (c) => c.notNull())
      .addColumn('target', 'integer', (c) => c.notNull())
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull());
    for (const column of dimensions) events = events.addColumn(column, 'integer');
    await events.execute();
  }
  // An account's page of one type, and a target's events (a code's page, clearing its history).
  await db.schema.createIndex('events_account_type_seq').on('events').columns(['account', 'type', 'seq']).execute();
  await db.schema.createIndex('events_target_seq').on('events').columns(['target', 'seq']).execute();
  // SQLite's `seq` is the table's key; PostgreSQL needs an index on it for retention's probes by seq.
  if (postgres) await db.schema.createIndex('events_seq_idx').on('events').column('seq').execute();

  const blob = postgres ? 'bytea' : 'blob';
  for (const [table, period] of [
    ['event_days', 'day'],
    ['event_months', 'month'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('target', 'integer', (c) => c.notNull())
      .addColumn(period, 'integer', (c) => c.notNull())
      .addColumn('events', 'bigint', (c) => c.notNull())
      .addColumn('uniques', 'bigint', (c) => c.notNull())
      .addColumn('counts', sql.raw(blob), (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['target', period])
      .modifyEnd(clusteredByKey(db))
      .execute();
  }
  await db.schema
    .createTable('excluded_hits')
    .addColumn('target', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('hits', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('excluded_hits_target_day_pk', ['target', 'day'])
    .modifyEnd(clusteredByKey(db))
    .execute();
  await db.schema
    .createTable('daily_visitors')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('target', 'integer', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_visitors_day_target_pk', ['day', 'target', 'visitor'])
    .modifyEnd(clusteredByKey(db))
    .execute();
  // Per journal folder, the last line whose event is committed: a replay skips up to it.
  await db.schema
    .createTable('event_marks')
    .addColumn('journal', 'text', (c) => c.primaryKey())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .execute();
  // A new store starts with the partitions of its first ranges of seq.
  if (postgres) await ensureRangesAhead(db);
}

export async function down(): Promise<void> {
  throw new Error('compact events cannot be migrated down; restore a backup taken before the upgrade');
}
