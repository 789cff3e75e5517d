import type { Kysely } from 'kysely';

/**
 * A readable public address for forms, pages and cards: an optional `slug`, unique per domain (like a
 * code's ending; several rows without one are allowed, as nulls are distinct in a unique index).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contents').addColumn('slug', 'text').execute();
  await db.schema.createIndex('contents_domain_slug_key').on('contents').columns(['domain', 'slug']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contents_domain_slug_key').execute();
  await db.schema.alterTable('contents').dropColumn('slug').execute();
}
