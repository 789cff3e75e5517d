import type { Kysely } from 'kysely';
import { isUniqueViolation, lockRow } from '../../db/dialect.js';
import type { Schema } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { InvalidRequest, NotFound } from '../../lib/errors.js';
import { isId, newId } from '../../lib/ids.js';
import { validName } from '../../lib/names.js';
import type { CodesRepository } from '../codes/codes.repository.js';
import type { FolderAnalyticsSource } from './folders.analytics.js';
import type { FoldersRepository } from './folders.repository.js';
import {
  FOLDER_NAME_MAX,
  type CreateFolderInput,
  type Folder,
  type FolderWithCount,
  type RenameFolderInput,
} from './folders.types.js';

export interface FolderAnalytics {
  days: number;
  scans: number;
  uniqueVisitors: number;
  /** Every code of the folder, most scanned first, then by name. */
  codes: { codeId: string; name: string; scans: number; uniqueVisitors: number }[];
}

/** Folders of codes: one name per account (any case); counts of live codes are read, never kept (ADR 0041). */
export class FoldersService {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly folders: FoldersRepository,
    private readonly codes: CodesRepository,
    private readonly analyticsSource: FolderAnalyticsSource,
    private readonly clock: Clock,
  ) {}

  async list(accountId: string): Promise<FolderWithCount[]> {
    return this.folders.list(accountId);
  }

  /** The account's folder with its count of live codes, or 404 (also for another account's). */
  async get(accountId: string, id: string): Promise<FolderWithCount> {
    const folder = isId(id) ? await this.folders.findWithCount(accountId, id) : null;
    if (!folder) throw new NotFound('folder');
    return folder;
  }

  async create(accountId: string, input: CreateFolderInput): Promise<FolderWithCount> {
    const now = this.clock.now();
    const folder: Folder = {
      id: newId(),
      accountId,
      name: validName(input.name, FOLDER_NAME_MAX),
      createdAt: now,
      updatedAt: now,
    };
    await this.unique(folder.name, () => this.folders.insert(folder));
    return { ...folder, codeCount: 0 };
  }

  async rename(accountId: string, id: string, input: RenameFolderInput): Promise<FolderWithCount> {
    const folder = await this.get(accountId, id);
    if (input.name === undefined) return folder;
    const next = { ...folder, name: validName(input.name, FOLDER_NAME_MAX), updatedAt: this.clock.now() };
    await this.unique(next.name, () => this.folders.rename(next));
    return next;
  }

  /** Deletes the folder; the codes it held stay, in no folder. One transaction; returns how many codes it held. */
  async delete(accountId: string, id: string): Promise<number> {
    if (!isId(id)) throw new NotFound('folder');
    return this.db.transaction().execute(async (trx) => {
      await lockRow(trx, 'folders', id);
      if (!(await this.folders.findInAccount(accountId, id, trx))) throw new NotFound('folder');
      const released = await this.codes.leaveFolder(accountId, id, this.clock.now(), trx);
      await this.folders.delete(accountId, id, trx);
      return released;
    });
  }

  /** Scans and unique visitors of the folder's codes over the last `days` days (1 to 365). */
  async analytics(accountId: string, id: string, days: number): Promise<FolderAnalytics> {
    if (!Number.isInteger(days) || days < 1 || days > 365)
      throw new InvalidRequest('days must be an integer from 1 to 365.', 'days');
    await this.get(accountId, id);
    const codes = await this.codes.inFolder(accountId, id);
    const figures = await this.analyticsSource.folderAnalytics({ accountId, codeIds: codes.map((c) => c.id), days });
    const byCode = new Map(figures.codes.map((c) => [c.codeId, c]));
    const rows = codes.map((code, order) => {
      const f = byCode.get(code.id);
      return { codeId: code.id, name: code.name, scans: f?.scans ?? 0, uniqueVisitors: f?.uniqueVisitors ?? 0, order };
    });
    rows.sort((a, b) => b.scans - a.scans || a.order - b.order);
    return {
      days,
      scans: figures.scans,
      uniqueVisitors: figures.uniqueVisitors,
      codes: rows.map(({ order: _order, ...row }) => row),
    };
  }

  private async unique(name: string, write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (isUniqueViolation(error))
        throw new InvalidRequest(`name "${name}" is already a folder's name (case is ignored).`, 'name');
      throw error;
    }
  }
}
