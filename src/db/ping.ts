import { sql, type Kysely } from 'kysely';
import type { Schema } from './schema.js';

/** Whether the store answers a trivial query (throws the driver's error when it does not). */
export async function ping(db: Kysely<Schema>): Promise<void> {
  await sql`select 1`.execute(db);
}
