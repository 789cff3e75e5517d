import type { Kysely } from 'kysely';

/**
 * A dynamic code can lead to hosted content (a form, page or card) instead of an address: the code
 * names it, and its destination is the content's public address.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('codes').addColumn('content_kind', 'text').execute();
  await db.schema.alterTable('codes').addColumn('content_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('codes').dropColumn('content_id').execute();
  await db.schema.alterTable('codes').dropColumn('content_kind').execute();
}
