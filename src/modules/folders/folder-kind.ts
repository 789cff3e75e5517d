import type { Kysely } from 'kysely';
import type { NamedRecord } from '../../db/named-rows.js';
import type { Schema } from '../../db/schema.js';
import type { Transactor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { NotFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { newNamed, renamed, uniqueName } from '../../lib/names.js';

/** The rows of a kind of folder. */
export interface FolderRows {
  /** Throws the store's unique violation when the account already has a folder of this name (any case). */
  insert(folder: NamedRecord): Promise<void>;
  rename(folder: NamedRecord): Promise<void>;
  /** The account's folder, held until the transaction ends; null when none such. */
  lockInAccount(accountId: string, id: string, trx: Kysely<Schema>): Promise<NamedRecord | null>;
  delete(accountId: string, id: string, db: Kysely<Schema>): Promise<void>;
}

/** The rows filed in a kind of folder. */
export interface FiledRows {
  /** Takes every row out of the folder; returns how many were in it. */
  leaveFolder(accountId: string, folderId: string, now: number, db: Kysely<Schema>): Promise<number>;
}

/**
 * What folders of codes and folders of the media library share: one level, one name per account
 * (any case), and deleting one leaves what it held in no folder. The services check the actor.
 */
export class FolderKind {
  constructor(
    private readonly noun: 'folder' | 'media folder',
    private readonly nameMax: number,
    private readonly folders: FolderRows,
    private readonly filed: FiledRows,
    private readonly transactor: Transactor,
    private readonly clock: Clock,
  ) {}

  /** A new folder of the account; 400 when its name is taken. */
  async create(accountId: string, name: string): Promise<NamedRecord> {
    const now = this.clock.now();
    const folder = newNamed(accountId, name, this.nameMax, now);
    await uniqueName(folder.name, `a ${this.noun}'s`, () => this.folders.insert(folder));
    return folder;
  }

  /** `folder` under a new name; 400 when the name is taken. */
  async rename<F extends NamedRecord>(folder: F, name: string): Promise<F> {
    const next = renamed(folder, name, this.nameMax, this.clock.now());
    await uniqueName(next.name, `a ${this.noun}'s`, () => this.folders.rename(next));
    return next;
  }

  /** Deletes the account's folder in one transaction; returns how many rows it held (they stay, in no folder). */
  async delete(accountId: string, id: string): Promise<number> {
    if (!isId(id)) throw new NotFound(this.noun);
    return this.transactor.run(async (tx) => {
      if (!(await this.folders.lockInAccount(accountId, id, tx))) throw new NotFound(this.noun);
      const released = await this.filed.leaveFolder(accountId, id, this.clock.now(), tx);
      await this.folders.delete(accountId, id, tx);
      return released;
    });
  }
}
