import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

const COLUMNS = [
  'id',
  'account_id',
  'type',
  'target_id',
  'code_id',
  'link_id',
  'occurred_at',
  'placement',
  'country',
  'region',
  'city',
  'os',
  'device',
  'browser',
];

/**
 * Fewer structures per recorded event. Retention finds old events by their id (a UUIDv7 made from the
 * time the event occurred), so the `occurred_at` index goes. On SQLite the table is rebuilt clustered
 * by id (`WITHOUT ROWID`), so the table and its primary key are one structure rather than two;
 * PostgreSQL keeps its table as it is.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') {
    await db.schema.dropIndex('events_occurred_idx').execute();
    return;
  }
  await db.schema
    .createTable('events_clustered')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('code_id', 'text')
    .addColumn('link_id', 'text')
    .addColumn('occurred_at', 'bigint', (c) => c.notNull())
    .addColumn('placement', 'text')
    .addColumn('country', 'text')
    .addColumn('region', 'text')
    .addColumn('city', 'text')
    .addColumn('os', 'text')
    .addColumn('device', 'text')
    .addColumn('browser', 'text')
    .modifyEnd(sql`without rowid`)
    .execute();
  const columns = sql.join(COLUMNS.map((c) => sql.ref(c)));
  await sql`insert into events_clustered (${columns}) select ${columns} from events`.execute(db);
  await db.schema.dropTable('events').execute();
  await db.schema.alterTable('events_clustered').renameTo('events').execute();
  await db.schema.createIndex('events_account_idx').on('events').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('events_account_type_idx').on('events').columns(['account_id', 'type', 'id']).execute();
  await db.schema.createIndex('events_account_target_idx').on('events').columns(['account_id', 'target_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('events_occurred_idx').on('events').column('occurred_at').execute();
}
