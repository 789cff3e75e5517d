import type { Kysely } from 'kysely';
import { clusteredByKey } from '../dialect.js';

/** Events, their daily rollups, lifetime totals, excluded-traffic counts, visitor salts and alerts. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('events')
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
    .execute();
  // Every listing walks one of these backwards from its cursor: O(limit) at any size.
  await db.schema.createIndex('events_account_idx').on('events').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('events_account_code_idx').on('events').columns(['account_id', 'code_id', 'id']).execute();
  await db.schema.createIndex('events_account_type_idx').on('events').columns(['account_id', 'type', 'id']).execute();
  await db.schema.createIndex('events_target_idx').on('events').columns(['target_id', 'id']).execute();
  await db.schema.createIndex('events_occurred_idx').on('events').column('occurred_at').execute();

  await db.schema
    .createTable('event_rollups')
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('events', 'bigint', (c) => c.notNull())
    .addColumn('uniques', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_rollups_pk', ['target_id', 'day'])
    .modifyEnd(clusteredByKey(db))
    .execute();

  await db.schema
    .createTable('event_breakdowns')
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('events', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_breakdowns_pk', ['target_id', 'day', 'dimension', 'value'])
    .modifyEnd(clusteredByKey(db))
    .execute();

  // The same per month, so a window of years reads a few thousand rows rather than a day per row.
  await db.schema
    .createTable('event_breakdowns_monthly')
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('events', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_breakdowns_monthly_pk', ['target_id', 'month', 'dimension', 'value'])
    .modifyEnd(clusteredByKey(db))
    .execute();

  await db.schema
    .createTable('event_totals')
    .addColumn('target_id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('excluded_hits')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('hits', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('excluded_hits_pk', ['account_id', 'day', 'target_id'])
    .modifyEnd(clusteredByKey(db))
    .execute();
  await db.schema.createIndex('excluded_hits_target_idx').on('excluded_hits').columns(['target_id', 'day']).execute();

  await db.schema
    .createTable('visitor_salts')
    .addColumn('day', 'integer', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('daily_visitors')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_visitors_pk', ['day', 'target_id', 'visitor'])
    .modifyEnd(clusteredByKey(db))
    .execute();

  await db.schema
    .createTable('alert_rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('code_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('threshold', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alert_rules_code_idx').on('alert_rules').column('code_id').execute();
  await db.schema.createIndex('alert_rules_account_idx').on('alert_rules').columns(['account_id', 'id']).execute();

  await db.schema
    .createTable('alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('rule_id', 'text', (c) => c.notNull())
    .addColumn('code_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('scans', 'bigint', (c) => c.notNull())
    .addColumn('raised_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('alerts_rule_day_unique', ['rule_id', 'day'])
    .execute();
  await db.schema.createIndex('alerts_account_idx').on('alerts').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('alerts_code_idx').on('alerts').column('code_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const tables = ['alerts', 'alert_rules', 'daily_visitors', 'visitor_salts', 'excluded_hits', 'event_totals'];
  for (const table of [...tables, 'event_breakdowns_monthly', 'event_breakdowns', 'event_rollups', 'events'])
    await db.schema.dropTable(table).execute();
}
