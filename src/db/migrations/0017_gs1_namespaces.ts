import type { Kysely } from 'kysely';

/**
 * GS1 keys are unique per resolving host instead of on the whole service: `gs1_keys.domain` is the
 * key's namespace ('' for the service's own host, else an account's custom domain), and every key
 * registered so far stays on the service's host, where it was first come, first served. The operator
 * assigns GS1 company prefixes to accounts in `gs1_prefixes`; on the service's host only that account
 * may register keys under its prefix.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('gs1_keys')
    .addColumn('domain', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.dropIndex('gs1_keys_key_key').execute();
  // Key first: the resolver looks up the levels of a request by key, then keeps its host's namespace.
  await db.schema.createIndex('gs1_keys_key_domain_key').on('gs1_keys').columns(['key', 'domain']).unique().execute();

  await db.schema
    .createTable('gs1_prefixes')
    .addColumn('prefix', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gs1_prefixes_account_idx').on('gs1_prefixes').column('account_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gs1_prefixes').execute();
  await db.schema.dropIndex('gs1_keys_key_domain_key').execute();
  await db
    .deleteFrom('gs1_links')
    .where('key_id', 'in', db.selectFrom('gs1_keys').select('id').where('domain', '!=', ''))
    .execute();
  await db.deleteFrom('gs1_keys').where('domain', '!=', '').execute();
  await db.schema.alterTable('gs1_keys').dropColumn('domain').execute();
  await db.schema.createIndex('gs1_keys_key_key').on('gs1_keys').column('key').unique().execute();
}
