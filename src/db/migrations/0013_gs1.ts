import type { Kysely } from 'kysely';

/**
 * GS1 Digital Link: registered keys (a primary key with its qualifiers, in canonical path form) and
 * their links. A key belongs to one account on the whole service.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gs1_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('primary_ai', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The resolver's lookup (every level of a walk up in one query) and the service-wide uniqueness.
  await db.schema.createIndex('gs1_keys_key_key').on('gs1_keys').column('key').unique().execute();
  await db.schema.createIndex('gs1_keys_account_idx').on('gs1_keys').columns(['account_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('gs1_links')
    .addColumn('key_id', 'text', (c) => c.notNull().references('gs1_keys.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('link_type', 'text', (c) => c.notNull())
    .addColumn('href', 'text', (c) => c.notNull())
    .addColumn('lang', 'text')
    .addColumn('media_type', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('gs1_links_pkey', ['key_id', 'position'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gs1_links').execute();
  await db.schema.dropTable('gs1_keys').execute();
}
