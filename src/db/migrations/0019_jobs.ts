import type { Kysely } from 'kysely';

/**
 * Work longer than a request (bulk create, print runs, imports): one row per job, with its progress,
 * the first errors, and the lease (`holder`, `lease_until`) of the one instance running it. A job's
 * input and output files live under JOBS_DIR, named by the job's id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    .addColumn('output', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('created_by', 'text')
    .addColumn('holder', 'text')
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('jobs_account_idx').on('jobs').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('jobs_status_idx').on('jobs').columns(['status', 'lease_until']).execute();
  await db.schema.createIndex('jobs_idempotency_key').on('jobs').columns(['account_id', 'idempotency_key']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
