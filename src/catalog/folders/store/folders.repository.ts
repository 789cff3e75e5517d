import { fromColumns } from '../../../db/columns.js';
import { sql, type Kysely, type Selectable } from 'kysely';
import { lockRow } from '../../../db/dialect.js';
import { byName, namedRow, renamedRow } from '../../../db/named-rows.js';
import type { FoldersTable, Schema } from '../../../db/schema.js';
import { deleteOwned, findOwned, updateOwned } from '../../../db/owned.js';
import type { Folder, FolderWithCount } from '../folders.types.js';

const toFolder = (row: Selectable<FoldersTable>): Folder => ({
  ...fromColumns(row, 'id account_id name created_at updated_at'),
});

/** Live codes of the folder, read from the codes(account_id, folder_id, status) index: no counter is kept. */
const liveCodes = sql<number>`(select count(*) from codes c where c.account_id = folders.account_id and c.folder_id = folders.id and c.status <> 'archived')`;

const withCount = (row: Selectable<FoldersTable> & { code_count: number }): FolderWithCount => ({
  ...toFolder(row),
  codeCount: Number(row.code_count),
});

export class FoldersRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  /** The account's folders, to narrow down. */
  private inAccount(accountId: string) {
    return this.db.selectFrom('folders').selectAll().where('account_id', '=', accountId);
  }

  /** Throws the store's unique violation when the account already has a folder of this name (any case). */
  async insert(folder: Folder): Promise<void> {
    await this.db.insertInto('folders').values(namedRow(folder)).execute();
  }

  async rename(folder: Folder): Promise<void> {
    await updateOwned(this.db, 'folders', folder, renamedRow(folder));
  }

  /**
   * The account's folder `id`, held (PostgreSQL: a row lock) until the transaction ends so it cannot
   * be deleted meanwhile; null when the account has none such.
   */
  async lockInAccount(accountId: string, id: string, trx: Kysely<Schema>): Promise<Folder | null> {
    await lockRow(trx, 'folders', id);
    const row = await findOwned(trx, 'folders', accountId, id);
    return row ? toFolder(row) : null;
  }

  /** The account's folder with its count of live codes; null when none such. */
  async findInAccount(accountId: string, id: string): Promise<FolderWithCount | null> {
    const row = await this.inAccount(accountId).select(liveCodes.as('code_count')).where('id', '=', id).executeTakeFirst();
    return row ? withCount(row) : null;
  }

  /** By name, case-insensitively (code-point order on both stores), then id. */
  async list(accountId: string): Promise<FolderWithCount[]> {
    const rows = await this.inAccount(accountId).select(liveCodes.as('code_count')).orderBy(byName(this.db)).execute();
    return rows.map(withCount);
  }

  async delete(accountId: string, id: string, db: Kysely<Schema> = this.db): Promise<void> {
    await deleteOwned(db, 'folders', accountId, id);
  }
}
