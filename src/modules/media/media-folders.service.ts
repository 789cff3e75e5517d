import type { Transactor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { foundById } from '../../lib/found.js';
import { FolderKind } from '../folders/folder-kind.js';
import { assertCan, type Actor } from '../team/roles.policy.js';
import type { MediaFoldersRepository, MediaRepository } from './media.repository.js';
import { MEDIA_NAME_MAX, type MediaFolder } from './media.types.js';

/** Folders of the media library: one level, one name per account (any case). Deleting one keeps its files, in no folder. */
export class MediaFoldersService {
  private readonly kind: FolderKind;

  constructor(
    private readonly folders: MediaFoldersRepository,
    files: MediaRepository,
    transactor: Transactor,
    clock: Clock,
  ) {
    this.kind = new FolderKind('media folder', MEDIA_NAME_MAX, folders, files, transactor, clock);
  }

  async list(actor: Actor): Promise<MediaFolder[]> {
    assertCan(actor, 'content:read');
    return this.folders.list(actor.accountId);
  }

  async get(actor: Actor, id: string): Promise<MediaFolder> {
    assertCan(actor, 'content:read');
    return foundById('media folder', id, (id) => this.folders.find(actor.accountId, id));
  }

  async create(actor: Actor, input: { name: string }): Promise<MediaFolder> {
    assertCan(actor, 'content:write');
    return this.kind.create(actor.accountId, input.name);
  }

  async rename(actor: Actor, id: string, input: { name: string }): Promise<MediaFolder> {
    assertCan(actor, 'content:write');
    return this.kind.rename(await this.get(actor, id), input.name);
  }

  /** Deletes the folder in one transaction; returns how many files it held (they stay, in no folder). */
  async delete(actor: Actor, id: string): Promise<number> {
    assertCan(actor, 'content:write');
    return this.kind.delete(actor.accountId, id);
  }
}
