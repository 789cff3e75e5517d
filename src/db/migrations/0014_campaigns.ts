import type { Kysely } from 'kysely';

/**
 * Campaigns (a thing is in at most one) and tags (free labels), over codes, links and the other
 * content types by (type, id).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_lower', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint')
    .addColumn('ends_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('campaigns_account_name_key')
    .on('campaigns')
    .columns(['account_id', 'name_lower'])
    .unique()
    .execute();

  await db.schema
    .createTable('campaign_members')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('member_type', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id'))
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    // One campaign per thing: moving it in elsewhere takes it out of the one it was in.
    .addPrimaryKeyConstraint('campaign_members_pkey', ['account_id', 'member_type', 'member_id'])
    .execute();
  await db.schema
    .createIndex('campaign_members_campaign_idx')
    .on('campaign_members')
    .columns(['campaign_id', 'member_type', 'member_id'])
    .execute();

  await db.schema
    .createTable('taggings')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('tag_lower', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('taggings_pkey', ['account_id', 'target_type', 'target_id', 'tag_lower'])
    .execute();
  await db.schema
    .createIndex('taggings_account_tag_idx')
    .on('taggings')
    .columns(['account_id', 'tag_lower', 'target_type', 'target_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('taggings').execute();
  await db.schema.dropTable('campaign_members').execute();
  await db.schema.dropTable('campaigns').execute();
}
