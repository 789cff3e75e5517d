import type { Transactor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { NotFound } from '../../lib/errors.js';
import { foundById } from '../../lib/found.js';
import { isId } from '../../lib/ids.js';
import { newNamed, renamed, uniqueName } from '../../lib/names.js';
import { assertCan, type Actor } from '../team/roles.policy.js';
import type { MediaFoldersRepository, MediaRepository } from './media.repository.js';
import { MEDIA_NAME_MAX, type MediaFolder } from './media.types.js';

/** Folders of the media library: one level, one name per account (any case). Deleting one keeps its files, in no folder. */
export class MediaFoldersService {
  constructor(
    private readonly folders: MediaFoldersRepository,
    private readonly files: MediaRepository,
    private readonly transactor: Transactor,
    private readonly clock: Clock,
  ) {}

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
    const now = this.clock.now();
    const folder = newNamed(actor.accountId, input.name, MEDIA_NAME_MAX, now);
    await uniqueName(folder.name, "a media folder's", () => this.folders.insert(folder));
    return folder;
  }

  async rename(actor: Actor, id: string, input: { name: string }): Promise<MediaFolder> {
    assertCan(actor, 'content:write');
    const folder = await this.get(actor, id);
    const next = renamed(folder, input.name, MEDIA_NAME_MAX, this.clock.now());
    await uniqueName(next.name, "a media folder's", () => this.folders.rename(next));
    return next;
  }

  /** Deletes the folder in one transaction; returns how many files it held (they stay, in no folder). */
  async delete(actor: Actor, id: string): Promise<number> {
    assertCan(actor, 'content:write');
    const { accountId } = actor;
    if (!isId(id)) throw new NotFound('media folder');
    return this.transactor.run(async (tx) => {
      if (!(await this.folders.lock(accountId, id, tx))) throw new NotFound('media folder');
      const released = await this.files.leaveFolder(accountId, id, this.clock.now(), tx);
      await this.folders.delete(accountId, id, tx);
      return released;
    });
  }
}
