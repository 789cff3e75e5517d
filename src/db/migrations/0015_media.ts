import type { Kysely } from 'kysely';

/** The media library: folders and files per account; the bytes live in the media store by hash. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media_folders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_lower', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('media_folders_account_name_key')
    .on('media_folders')
    .columns(['account_id', 'name_lower'])
    .unique()
    .execute();

  await db.schema
    .createTable('media_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('folder_id', 'text', (c) => c.references('media_folders.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The list (newest first, by folder) and the account's total size read these; serving reads by hash.
  await db.schema.createIndex('media_files_account_idx').on('media_files').columns(['account_id', 'folder_id', 'id']).execute();
  await db.schema.createIndex('media_files_sha256_idx').on('media_files').columns(['sha256']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_files').execute();
  await db.schema.dropTable('media_folders').execute();
}
