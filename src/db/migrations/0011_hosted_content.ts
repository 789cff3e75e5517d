import type { Kysely } from 'kysely';

/**
 * Hosted content (forms, landing pages, business cards) in one table, its document as JSON text, and
 * the replies sent through it (form submissions, card enquiries). A reply's id is a UUIDv7, so the
 * newest-first lists read the indexes backwards.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('retention_days', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contents_account_kind_idx').on('contents').columns(['account_id', 'kind', 'id']).execute();

  await db.schema
    .createTable('submissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('content_id', 'text', (c) => c.notNull().references('contents.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('submissions_account_kind_idx').on('submissions').columns(['account_id', 'kind', 'id']).execute();
  await db.schema.createIndex('submissions_content_idx').on('submissions').columns(['content_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('submissions').execute();
  await db.schema.dropTable('contents').execute();
}
