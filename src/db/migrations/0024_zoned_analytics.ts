import { sql, type Kysely } from 'kysely';
import { clusteredByKey, dialectOf } from '../dialect.js';

/**
 * Analytics in any time zone: rollups per target and quarter of an hour (every zone's offset is a
 * whole number of quarters), read for recent days, and each account's own time zone. Quarter rows
 * exist only for events recorded from now on: `event_quarter_start` keeps the first UTC day they
 * cover whole (the day after the last day holding events now), before which figures stay in UTC days.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const blob = dialectOf(db) === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .createTable('event_quarters')
    .addColumn('target', 'integer', (c) => c.notNull())
    .addColumn('quarter', 'integer', (c) => c.notNull())
    .addColumn('events', 'bigint', (c) => c.notNull())
    .addColumn('uniques', 'bigint', (c) => c.notNull())
    .addColumn('counts', sql.raw(blob), (c) => c.notNull())
    .addPrimaryKeyConstraint('event_quarters_pk', ['target', 'quarter'])
    .modifyEnd(clusteredByKey(db))
    .execute();
  await db.schema
    .createTable('event_quarter_start')
    .addColumn('day', 'integer', (c) => c.primaryKey())
    .execute();
  const last = await db
    .selectFrom('event_days')
    .select((eb) => eb.fn.max('day').as('day'))
    .executeTakeFirst();
  const day = last?.day === null || last?.day === undefined ? 0 : Number(last.day) + 1;
  await db.insertInto('event_quarter_start').values({ day }).execute();
  await db.schema
    .alterTable('accounts')
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('timezone').execute();
  await db.schema.dropTable('event_quarter_start').execute();
  await db.schema.dropTable('event_quarters').execute();
}
