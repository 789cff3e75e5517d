import { sql, type Kysely } from 'kysely';

/**
 * A short link is a code that is shown by its address rather than its symbol: one `codes` table for
 * both, told apart by `kind` ('code' or 'link'), so a link gets everything a code has (name, folder,
 * status, rules, gate, design, expiry) from the same rows and rules. Links keep their ids, so their
 * events, tags and campaign memberships stay theirs. A link's design is '{}': the defaults.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('codes')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('code'))
    .execute();
  await sql`
    insert into codes (id, account_id, kind, name, name_lower, mode, status, domain, short_code, destination,
                       design, rules, gate_hash, folder_id, content_kind, content_id,
                       imported_source, imported_total, created_at, updated_at)
    select id, account_id, 'link', coalesce(name, ''), lower(coalesce(name, '')), 'dynamic', 'active', domain,
           short_code, destination, '{}', '[]', null, null, null, null,
           imported_source, imported_total, created_at, updated_at
    from links`.execute(db);
  await db.schema.dropTable('links').execute();
  await db.schema.dropIndex('codes_account_created_idx').execute();
  await db.schema
    .createIndex('codes_account_kind_created_idx')
    .on('codes')
    .columns(['account_id', 'kind', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('short_code', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('imported_source', 'text')
    .addColumn('imported_total', 'bigint')
    .execute();
  await sql`
    insert into links (id, account_id, domain, short_code, destination, created_at, updated_at, name,
                       imported_source, imported_total)
    select id, account_id, domain, short_code, destination, created_at, updated_at, nullif(name, ''),
           imported_source, imported_total
    from codes where kind = 'link'`.execute(db);
  await sql`delete from codes where kind = 'link'`.execute(db);
  await db.schema.dropIndex('codes_account_kind_created_idx').execute();
  await db.schema.createIndex('codes_account_created_idx').on('codes').columns(['account_id', 'created_at', 'id']).execute();
  await db.schema.alterTable('codes').dropColumn('kind').execute();
  await db.schema.createIndex('links_account_created_idx').on('links').columns(['account_id', 'created_at', 'id']).execute();
}
