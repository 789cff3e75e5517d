import type { Kysely } from 'kysely';

/**
 * A person's own security: what a session shows in the sessions list (a browser label and the last
 * use, never an address) and whether it still waits for a second factor; a new address waiting to be
 * confirmed (on its password link); authenticator-app secrets with the last time step used; hashed
 * recovery codes; passkeys (WebAuthn public keys) and the one-time challenges of their ceremonies;
 * and the account's rule that everybody signs in with two factors.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'bigint').execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo('full'))
    .execute();
  await db.schema.alterTable('password_tokens').addColumn('email', 'text').execute();
  await db.schema
    .alterTable('accounts')
    .addColumn('require_two_factor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('totp_credentials')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').columns(['user_id', 'code_hash']).execute();

  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull())
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('challenge', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('totp_credentials').execute();
  await db.schema.alterTable('accounts').dropColumn('require_two_factor').execute();
  await db.schema.alterTable('password_tokens').dropColumn('email').execute();
  for (const column of ['stage', 'last_used_at', 'agent']) await db.schema.alterTable('sessions').dropColumn(column).execute();
}
