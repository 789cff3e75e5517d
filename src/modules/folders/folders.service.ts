import type { Transactor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { foundById } from '../../lib/found.js';
import type { CodesRepository } from '../codes/codes.repository.js';
import { assertCan, type Actor } from '../team/roles.policy.js';
import { FolderKind } from './folder-kind.js';
import type { FoldersRepository } from './folders.repository.js';
import { FOLDER_NAME_MAX, type CreateFolderInput, type FolderWithCount, type RenameFolderInput } from './folders.types.js';

/**
 * Folders of codes: one name per account (any case); counts of live codes are read, never kept
 * (ADR 0041). Reading needs content:read, creating, renaming and deleting content:write.
 */
export class FoldersService {
  private readonly kind: FolderKind;

  constructor(
    private readonly folders: FoldersRepository,
    codes: CodesRepository,
    transactor: Transactor,
    clock: Clock,
  ) {
    this.kind = new FolderKind('folder', FOLDER_NAME_MAX, folders, codes, transactor, clock);
  }

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
    return { ...(await this.kind.create(actor.accountId, input.name)), codeCount: 0 };
  }

  async rename(actor: Actor, id: string, input: RenameFolderInput): Promise<FolderWithCount> {
    assertCan(actor, 'content:write');
    const folder = await this.get(actor, id);
    if (input.name === undefined) return folder;
    return this.kind.rename(folder, input.name);
  }

  /** Deletes the folder; the codes it held stay, in no folder. One transaction; returns how many codes it held. */
  async delete(actor: Actor, id: string): Promise<number> {
    assertCan(actor, 'content:write');
    return this.kind.delete(actor.accountId, id);
  }
}
