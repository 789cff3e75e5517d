import type { Kysely } from 'kysely';

/**
 * Codes and links no longer carry their own counters: lifetime scans and clicks are kept per batch in
 * `event_totals`, so no scan ever writes a code's or a link's row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('codes').dropColumn('scans').execute();
  await db.schema.alterTable('links').dropColumn('clicks').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('codes')
    .addColumn('scans', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('links')
    .addColumn('clicks', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
