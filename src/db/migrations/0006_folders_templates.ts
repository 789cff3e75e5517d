import type { Kysely } from 'kysely';

/** Folders that hold codes, saved designs (templates), and each code's folder. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('folders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_lower', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // One folder of a name per account, whatever its case: the index also serves the list by name.
  await db.schema.createIndex('folders_account_name_key').on('folders').columns(['account_id', 'name_lower']).unique().execute();

  await db.schema
    .createTable('templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_lower', 'text', (c) => c.notNull())
    .addColumn('design', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('templates_account_name_idx').on('templates').columns(['account_id', 'name_lower', 'id']).execute();

  // A code is in at most one folder. Folder counts are read from this index, never kept.
  await db.schema
    .alterTable('codes')
    .addColumn('folder_id', 'text', (c) => c.references('folders.id'))
    .execute();
  await db.schema.createIndex('codes_account_folder_idx').on('codes').columns(['account_id', 'folder_id', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('codes_account_folder_idx').execute();
  await db.schema.alterTable('codes').dropColumn('folder_id').execute();
  await db.schema.dropTable('templates').execute();
  await db.schema.dropTable('folders').execute();
}
