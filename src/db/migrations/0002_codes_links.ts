import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Optional per-account override of the plan's cap on live codes (null: the plan's default).
  await db.schema.alterTable('accounts').addColumn('max_codes', 'bigint').execute();

  // One namespace of short endings per domain, shared by codes and links. `domain` is '' for the
  // PUBLIC_URL host, else the account's custom domain.
  await db.schema
    .createTable('endings')
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('short_code', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('endings_pk', ['domain', 'short_code'])
    .execute();

  await db.schema
    .createTable('codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_lower', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('short_code', 'text')
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('design', 'text', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('gate_hash', 'text')
    .addColumn('scans', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('codes_account_created_idx').on('codes').columns(['account_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('codes_account_name_idx').on('codes').columns(['account_id', 'name_lower']).execute();

  await db.schema
    .createTable('links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('short_code', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('clicks', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('links_account_created_idx').on('links').columns(['account_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['links', 'codes', 'endings']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('accounts').dropColumn('max_codes').execute();
}
