import type { NamedRecord } from '../../db/named-rows.js';
import type { Transactor, Tx } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { NotFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { newNamed, renamed, uniqueName } from '../../db/names.js';
import { assertCan, ContentReads, type ContentRows, type Person } from '../../platform/index.js';
import type { CreateFolderInput, RenameFolderInput } from './folders.types.js';

/** The rows of a kind of folder; `F` is a folder as its kind shows it (codes counted, for folders of codes). */
export interface FolderRows<F extends NamedRecord> extends ContentRows<F, []> {
  /** Throws the store's unique violation when the account already has a folder of this name (any case). */
  insert(folder: NamedRecord): Promise<void>;
  rename(folder: NamedRecord): Promise<void>;
  /** The account's folder, held until the transaction ends; null when none such. */
  lockInAccount(accountId: string, id: string, trx: Tx): Promise<NamedRecord | null>;
  delete(accountId: string, id: string, db: Tx): Promise<void>;
}

/** The rows filed in a kind of folder. */
export interface FiledRows {
  /** Takes every row out of the folder; returns how many were in it. */
  leaveFolder(accountId: string, folderId: string, now: number, db: Tx): Promise<number>;
}

/** What tells one kind of folder from another. */
export interface KindOfFolder<F extends NamedRecord> {
  noun: 'folder' | 'media folder';
  nameMax: number;
  /** A folder just created, as its kind shows it (it holds nothing yet). */
  created(folder: NamedRecord): F;
}

/**
 * Folders of one kind (of codes, of the media library): one level, one name per account (any case),
 * and deleting one leaves what it held in no folder. Reading needs content:read (ContentReads);
 * creating, renaming and deleting content:write.
 */
export class FolderKind<F extends NamedRecord> extends ContentReads<F> {
  constructor(
    private readonly kind: KindOfFolder<F>,
    private readonly folders: FolderRows<F>,
    private readonly filed: FiledRows,
    private readonly transactor: Transactor,
    private readonly clock: Clock,
  ) {
    super(kind.noun, folders);
  }

  /** A new folder of the account; 400 when its name is taken. */
  async create(actor: Person, input: CreateFolderInput): Promise<F> {
    assertCan(actor, 'content:write');
    const folder = newNamed(actor.accountId, input.name, this.kind.nameMax, this.clock.now());
    await uniqueName(folder.name, `a ${this.kind.noun}'s`, () => this.folders.insert(folder));
    return this.kind.created(folder);
  }

  /** The folder under a new name (unchanged without one); 400 when the name is taken. */
  async rename(actor: Person, id: string, input: RenameFolderInput): Promise<F> {
    assertCan(actor, 'content:write');
    const folder = await this.get(actor, id);
    if (input.name === undefined) return folder;
    const next = renamed(folder, input.name, this.kind.nameMax, this.clock.now());
    await uniqueName(next.name, `a ${this.kind.noun}'s`, () => this.folders.rename(next));
    return next;
  }

  /** Deletes the account's folder in one transaction; returns how many rows it held (they stay, in no folder). */
  async delete(actor: Person, id: string): Promise<number> {
    assertCan(actor, 'content:write');
    if (!isId(id)) throw new NotFound(this.kind.noun);
    return this.transactor.run(async (tx) => {
      if (!(await this.folders.lockInAccount(actor.accountId, id, tx))) throw new NotFound(this.kind.noun);
      const released = await this.filed.leaveFolder(actor.accountId, id, this.clock.now(), tx);
      await this.folders.delete(actor.accountId, id, tx);
      return released;
    });
  }
}
