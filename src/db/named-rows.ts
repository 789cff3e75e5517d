import { sql, type Kysely } from 'kysely';
import { codePointOrder } from './dialect.js';
import type { Schema } from './schema.js';

/** A row a person names, unique per account whatever its case (folders of codes and of media, campaigns). */
export interface NamedRecord {
  id: string;
  accountId: string;
  name: string;
  createdAt: number;
  updatedAt: number;
}

/** The columns of a new named row; `name_lower` carries the account's unique index. */
export const namedRow = (record: NamedRecord) => ({
  id: record.id,
  account_id: record.accountId,
  ...renamedRow(record),
  created_at: record.createdAt,
});

/** The columns a rename writes. */
export const renamedRow = (record: Pick<NamedRecord, 'name' | 'updatedAt'>) => ({
  name: record.name,
  name_lower: record.name.toLowerCase(),
  updated_at: record.updatedAt,
});

/**
 * The order lists of named rows are read in: by name whatever its case (code-point order on both
 * stores), then by id.
 */
export const byName = (db: Kysely<Schema>) => sql`${codePointOrder(db, 'name_lower')}, ${sql.ref('id')}`;
