import { fromColumns, insertRow, toColumns } from '../../../db/columns.js';
import { sql, type Kysely, type Selectable } from 'kysely';
import { lockRow } from '../../../db/dialect.js';
import { byName, namedRow, renamedRow } from '../../../db/named-rows.js';
import type { MediaFilesTable, MediaFoldersTable, Schema } from '../../../db/schema.js';
import { deleteOwned, emptyFolder, findOwned, updateOwned } from '../../../db/owned.js';
import type { ListMediaOptions, MediaFile, MediaFolder, MediaType } from '../media.types.js';

const toFile = (row: Selectable<MediaFilesTable>): MediaFile => ({
  ...fromColumns(row, 'id account_id folder_id name sha256'),
  type: row.type as MediaType,
  size: Number(row.size),
  width: row.width === null ? null : Number(row.width),
  height: row.height === null ? null : Number(row.height),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

const toFolder = (row: Selectable<MediaFoldersTable>): MediaFolder => ({
  ...fromColumns(row, 'id account_id name'),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

/** Media files: rows of the library; their bytes are in the MediaStore. */
export class MediaRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  private files(accountId: string, db: Kysely<Schema> = this.db) {
    return db.selectFrom('media_files').selectAll().where('account_id', '=', accountId);
  }

  async insert(file: MediaFile, db: Kysely<Schema> = this.db): Promise<void> {
    await insertRow(db, 'media_files', {
      ...toColumns(file, 'id accountId folderId name type size width height sha256 createdAt updatedAt'),
    });
  }

  async update(file: MediaFile, db: Kysely<Schema> = this.db): Promise<void> {
    await updateOwned(db, 'media_files', file, { name: file.name, folder_id: file.folderId, updated_at: file.updatedAt });
  }

  async find(accountId: string, id: string): Promise<MediaFile | null> {
    const row = await this.files(accountId).where('id', '=', id).executeTakeFirst();
    return row ? toFile(row) : null;
  }

  /** The account's newest file with these bytes, or null. */
  async findByHash(accountId: string, sha256: string): Promise<MediaFile | null> {
    const row = await this.files(accountId).where('sha256', '=', sha256).orderBy('id', 'desc').executeTakeFirst();
    return row ? toFile(row) : null;
  }

  /** The type of any file stored with these bytes (whatever its account), for serving; null when none is. */
  async typeOfHash(sha256: string): Promise<MediaType | null> {
    const row = await this.db.selectFrom('media_files').select('type').where('sha256', '=', sha256).executeTakeFirst();
    return row ? (row.type as MediaType) : null;
  }

  async countByHash(sha256: string, db: Kysely<Schema> = this.db): Promise<number> {
    const row = await db
      .selectFrom('media_files')
      .select(sql<number>`count(*)`.as('n'))
      .where('sha256', '=', sha256)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Newest first (ids are UUIDv7, so by id). */
  async list(accountId: string, options: ListMediaOptions): Promise<MediaFile[]> {
    let query = this.files(accountId);
    if (options.folderId === null) query = query.where('folder_id', 'is', null);
    else if (options.folderId !== undefined) query = query.where('folder_id', '=', options.folderId);
    const rows = await query.orderBy('id', 'desc').limit(options.limit).offset(options.offset).execute();
    return rows.map(toFile);
  }

  /** Bytes the account keeps, all its files together. */
  async totalSize(accountId: string, db: Kysely<Schema> = this.db): Promise<number> {
    const row = await db
      .selectFrom('media_files')
      .select(sql<string | number | null>`sum(size)`.as('total'))
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  async delete(accountId: string, id: string, db: Kysely<Schema> = this.db): Promise<void> {
    await deleteOwned(db, 'media_files', accountId, id);
  }

  /** Files of the folder move to no folder; returns how many. */
  async leaveFolder(accountId: string, folderId: string, now: number, db: Kysely<Schema> = this.db): Promise<number> {
    return emptyFolder(db, 'media_files', accountId, folderId, now);
  }
}

/** Folders of the media library: one name per account, whatever its case. */
export class MediaFoldersRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insert(folder: MediaFolder): Promise<void> {
    await this.db.insertInto('media_folders').values(namedRow(folder)).execute();
  }

  async rename(folder: MediaFolder): Promise<void> {
    await updateOwned(this.db, 'media_folders', folder, renamedRow(folder));
  }

  async findInAccount(accountId: string, id: string, db: Kysely<Schema> = this.db): Promise<MediaFolder | null> {
    const row = await findOwned(db, 'media_folders', accountId, id);
    return row ? toFolder(row) : null;
  }

  /** The account's folder, held (PostgreSQL: a row lock) until the transaction ends; null when none such. */
  async lockInAccount(accountId: string, id: string, trx: Kysely<Schema>): Promise<MediaFolder | null> {
    await lockRow(trx, 'media_folders', id);
    return this.findInAccount(accountId, id, trx);
  }

  async list(accountId: string): Promise<MediaFolder[]> {
    const rows = await this.db
      .selectFrom('media_folders')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy(byName(this.db))
      .execute();
    return rows.map(toFolder);
  }

  async delete(accountId: string, id: string, db: Kysely<Schema> = this.db): Promise<void> {
    await deleteOwned(db, 'media_folders', accountId, id);
  }
}
