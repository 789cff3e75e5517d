import type { Kysely } from 'kysely';

/**
 * One index per target instead of two: `(account_id, target_id, id)` serves a code's event listing
 * (a scan's target is its code) and clear-scans alike. Every index keyed by target takes a random
 * page per recorded event, so each one costs the events writer a page write per scan.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('events_account_target_idx').on('events').columns(['account_id', 'target_id', 'id']).execute();
  await db.schema.dropIndex('events_account_code_idx').execute();
  await db.schema.dropIndex('events_target_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('events_account_code_idx').on('events').columns(['account_id', 'code_id', 'id']).execute();
  await db.schema.createIndex('events_target_idx').on('events').columns(['target_id', 'id']).execute();
  await db.schema.dropIndex('events_account_target_idx').execute();
}
