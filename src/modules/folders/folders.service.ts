import type { Transactor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { NotFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { foundById } from '../../lib/found.js';
import { newNamed, renamed, uniqueName } from '../../lib/names.js';
import type { CodesRepository } from '../codes/codes.repository.js';
import { assertCan, type Actor } from '../team/roles.policy.js';
import type { FoldersRepository } from './folders.repository.js';
import {
  FOLDER_NAME_MAX,
  type CreateFolderInput,
  type Folder,
  type FolderWithCount,
  type RenameFolderInput,
} from './folders.types.js';

/**
 * Folders of codes: one name per account (any case); counts of live codes are read, never kept
 * (ADR 0041). Reading needs content:read, creating, renaming and deleting content:write.
 */
export class FoldersService {
  constructor(
    private readonly folders: FoldersRepository,
    private readonly codes: CodesRepository,
    private readonly transactor: Transactor,
    private readonly clock: Clock,
  ) {}

  async list(actor: Actor): Promise<FolderWithCount[]> {
    assertCan(actor, 'content:read');
    return this.folders.list(actor.accountId);
  }

  /** The account's folder with its count of live codes, or 404 (also for another account's). */
  async get(actor: Actor, id: string): Promise<FolderWithCount> {
    assertCan(actor, 'content:read');
    return foundById('folder', id, (id) => this.folders.findWithCount(actor.accountId, id));
  }

  async create(actor: Actor, input: CreateFolderInput): Promise<FolderWithCount> {
    assertCan(actor, 'content:write');
    const now = this.clock.now();
    const folder: Folder = newNamed(actor.accountId, input.name, FOLDER_NAME_MAX, now);
    await uniqueName(folder.name, "a folder's", () => this.folders.insert(folder));
    return { ...folder, codeCount: 0 };
  }

  async rename(actor: Actor, id: string, input: RenameFolderInput): Promise<FolderWithCount> {
    assertCan(actor, 'content:write');
    const folder = await this.get(actor, id);
    if (input.name === undefined) return folder;
    const next = renamed(folder, input.name, FOLDER_NAME_MAX, this.clock.now());
    await uniqueName(next.name, "a folder's", () => this.folders.rename(next));
    return next;
  }

  /** Deletes the folder; the codes it held stay, in no folder. One transaction; returns how many codes it held. */
  async delete(actor: Actor, id: string): Promise<number> {
    assertCan(actor, 'content:write');
    const { accountId } = actor;
    if (!isId(id)) throw new NotFound('folder');
    return this.transactor.run(async (tx) => {
      if (!(await this.folders.lockInAccount(accountId, id, tx))) throw new NotFound('folder');
      const released = await this.codes.leaveFolder(accountId, id, this.clock.now(), tx);
      await this.folders.delete(accountId, id, tx);
      return released;
    });
  }
}
