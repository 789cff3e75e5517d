import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Schema } from './schema.js';

/** The tables whose rows each belong to one account: they have an `id` and an `account_id`. */
export type OwnedTable = {
  [T in keyof Schema]: Schema[T] extends { id: string; account_id: string } ? T : never;
}[keyof Schema];

/** The same queries on any owned table; the rows are typed again by the callers' signatures. */
type Loose = Kysely<Record<string, { id: string; account_id: string }>>;
const loose = (db: Kysely<Schema>) => db as unknown as Loose;

/** One row of the account by id, or undefined: another account's row is never seen. */
export async function findOwned<T extends OwnedTable>(
  db: Kysely<Schema>,
  table: T,
  accountId: string,
  id: string,
): Promise<Selectable<Schema[T]> | undefined> {
  const row = await loose(db)
    .selectFrom(table as string)
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row as Selectable<Schema[T]> | undefined;
}

/** Writes `set` to the account's row named by `owned` (a record with its `id` and `accountId`). */
export async function updateOwned<T extends OwnedTable>(
  db: Kysely<Schema>,
  table: T,
  owned: { id: string; accountId: string },
  set: Updateable<Schema[T]>,
): Promise<void> {
  await loose(db)
    .updateTable(table as string)
    .set(set as never)
    .where('id', '=', owned.id)
    .where('account_id', '=', owned.accountId)
    .execute();
}

/** Deletes the account's row by id; false when the account has no such row. */
export async function deleteOwned(db: Kysely<Schema>, table: OwnedTable, accountId: string, id: string): Promise<boolean> {
  const result = await loose(db).deleteFrom(table).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Takes every row of the account out of folder `folderId`, changed `now`; returns how many were in it. */
export async function emptyFolder(
  db: Kysely<Schema>,
  table: 'codes' | 'media_files',
  accountId: string,
  folderId: string,
  now: number,
): Promise<number> {
  const result = await db
    .updateTable(table)
    .set({ folder_id: null, updated_at: now })
    .where('account_id', '=', accountId)
    .where('folder_id', '=', folderId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
