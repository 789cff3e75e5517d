import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database.js';
import * as m0001 from './migrations/0001_foundation.js';
import * as m0004 from './migrations/0004_events.js';

/** Every migration, in order. Migrations are code and run on both engines. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0004_events': m0004,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the store's schema up to date; safe to run from several instances at once. */
export async function migrateToLatest(database: Database): Promise<void> {
  // Kysely looks for its own tables in every schema unless told which: name ours, so stores that
  // share a PostgreSQL database in different schemas (tests, several tenants) cannot confuse it.
  const migrationTableSchema =
    database.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db: database.db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`migration ${failed ?? '(unknown)'} failed: ${(error as Error).message ?? String(error)}`, { cause: error });
  }
}
