import { Migrator, sql, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Database } from './database.js';
import { underMigrationLock } from './migration-lock.js';
import type { Schema } from './schema.js';
import type { Kysely } from 'kysely';
import * as m0001 from './migrations/0001_foundation.js';
import * as m0002 from './migrations/0002_codes_links.js';
import * as m0003 from './migrations/0003_team.js';
import * as m0004 from './migrations/0004_events.js';
import * as m0005 from './migrations/0005_webhooks.js';
import * as m0006 from './migrations/0006_folders_templates.js';
import * as m0007 from './migrations/0007_drop_row_counters.js';
import * as m0008 from './migrations/0008_events_target_index.js';
import * as m0009 from './migrations/0009_rollup_months.js';
import * as m0010 from './migrations/0010_events_clustered.js';
import * as m0011 from './migrations/0011_hosted_content.js';
import * as m0012 from './migrations/0012_code_content.js';
import * as m0013 from './migrations/0013_gs1.js';
import * as m0014 from './migrations/0014_campaigns.js';
import * as m0015 from './migrations/0015_media.js';
import * as m0016 from './migrations/0016_scale_out.js';
import * as m0017 from './migrations/0017_gs1_namespaces.js';
import * as m0018 from './migrations/0018_compact_events.js';
import * as m0019 from './migrations/0019_jobs.js';
import * as m0020 from './migrations/0020_imported_links.js';
import * as m0021 from './migrations/0021_links_are_codes.js';
import * as m0022 from './migrations/0022_lifecycle.js';
import * as m0025 from './migrations/0025_account_security.js';
import * as m0026 from './migrations/0026_content_slugs.js';

/** Every migration, in order. Migrations are code and run on both engines. */
const MIGRATIONS = {
  '0001_foundation': m0001,
  '0002_codes_links': m0002,
  '0003_team': m0003,
  '0004_events': m0004,
  '0005_webhooks': m0005,
  '0006_folders_templates': m0006,
  '0007_drop_row_counters': m0007,
  '0008_events_target_index': m0008,
  '0009_rollup_months': m0009,
  '0010_events_clustered': m0010,
  '0011_hosted_content': m0011,
  '0012_code_content': m0012,
  '0013_gs1': m0013,
  '0014_campaigns': m0014,
  '0015_media': m0015,
  '0016_scale_out': m0016,
  '0017_gs1_namespaces': m0017,
  '0018_compact_events': m0018,
  '0019_jobs': m0019,
  '0020_imported_links': m0020,
  '0021_links_are_codes': m0021,
  '0022_lifecycle': m0022,
  '0025_account_security': m0025,
  '0026_content_slugs': m0026,
} satisfies Record<string, Migration>;

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the store's schema up to date; safe to run from several instances at once. */
export async function migrateToLatest(database: Database): Promise<void> {
  return migrate(database, (migrator) => migrator.migrateToLatest());
}

/** Brings the store's schema up to (or down to) the named migration: for upgrade tests. */
export async function migrateTo(database: Database, name: keyof typeof MIGRATIONS & string): Promise<void> {
  return migrate(database, (migrator) => migrator.migrateTo(name));
}

async function migrate(database: Database, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<void> {
  if (database.dialect === 'postgres' && database.schema) {
    await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(database.schema)}`.execute(database.db);
  }
  // On PostgreSQL, name the schema (the store's introspector reads only it: src/db/introspector.ts).
  const schema =
    database.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]?.schema
      : undefined;
  const apply = async (db: Kysely<Schema>, disableTransactions: boolean) => {
    const migrator = new Migrator({ db, provider, disableTransactions, ...(schema ? { migrationTableSchema: schema } : {}) });
    const { error, results } = await run(migrator);
    if (error) {
      const failed = results?.find((r) => r.status === 'Error')?.migrationName;
      throw new Error(`migration ${failed ?? '(unknown)'} failed: ${(error as Error).message ?? String(error)}`, {
        cause: error,
      });
    }
  };
  // On PostgreSQL every pending migration runs in one transaction that holds the migration lock (safe
  // behind PgBouncer in transaction mode: src/db/migration-lock.ts); a failure rolls all of it back.
  if (database.dialect === 'postgres') await underMigrationLock(database.db, (db) => apply(db, true));
  else await apply(database.db, false);
}
