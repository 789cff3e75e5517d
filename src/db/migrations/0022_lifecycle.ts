import { sql, type Kysely } from 'kysely';

/**
 * What a code's or link's life holds beyond where it points now: expiry by date and by count (with
 * `uses`, the counted visits taken against `max_scans`, and `expired_at`, when the expiry was
 * announced), UTM parameters and a social preview (JSON), scheduled repoints, and each account's
 * saved UTM templates.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('codes').addColumn('expires_at', 'bigint').execute();
  await db.schema.alterTable('codes').addColumn('max_scans', 'bigint').execute();
  await db.schema.alterTable('codes').addColumn('expired_url', 'text').execute();
  await db.schema
    .alterTable('codes')
    .addColumn('uses', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('codes').addColumn('expired_at', 'bigint').execute();
  await db.schema.alterTable('codes').addColumn('utm', 'text').execute();
  await db.schema.alterTable('codes').addColumn('preview', 'text').execute();
  // What the expiry announcer looks for every minute: the few codes with an expiry not yet announced.
  await db.schema
    .createIndex('codes_expiry_date_idx')
    .on('codes')
    .column('expires_at')
    .where(sql.ref('expired_at'), 'is', null)
    .where(sql.ref('expires_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('codes_expiry_count_idx')
    .on('codes')
    .column('id')
    .where(sql.ref('expired_at'), 'is', null)
    .where(sql.ref('max_scans'), 'is not', null)
    .execute();

  await db.schema
    .createTable('repoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('code_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('applied_at', 'bigint')
    .execute();
  await db.schema.createIndex('repoints_code_idx').on('repoints').columns(['code_id', 'at']).execute();
  await db.schema.createIndex('repoints_due_idx').on('repoints').columns(['status', 'at']).execute();

  await db.schema
    .createTable('utm_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_lower', 'text', (c) => c.notNull())
    .addColumn('utm', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('utm_templates_name_unique', ['account_id', 'name_lower'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('utm_templates').execute();
  await db.schema.dropTable('repoints').execute();
  await db.schema.dropIndex('codes_expiry_count_idx').execute();
  await db.schema.dropIndex('codes_expiry_date_idx').execute();
  for (const column of ['preview', 'utm', 'expired_at', 'uses', 'expired_url', 'max_scans', 'expires_at'])
    await db.schema.alterTable('codes').dropColumn(column).execute();
}
