import type { Kysely } from 'kysely';

/**
 * What moving in from another service brings along: a link's title (`name`), and on links and codes
 * the lifetime visits the old service counted (`imported_total`) with the service's name
 * (`imported_source`), kept apart from qrelay's own counts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('links').addColumn('name', 'text').execute();
  for (const table of ['links', 'codes']) {
    await db.schema.alterTable(table).addColumn('imported_source', 'text').execute();
    await db.schema.alterTable(table).addColumn('imported_total', 'bigint').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['links', 'codes']) {
    await db.schema.alterTable(table).dropColumn('imported_total').execute();
    await db.schema.alterTable(table).dropColumn('imported_source').execute();
  }
  await db.schema.alterTable('links').dropColumn('name').execute();
}
