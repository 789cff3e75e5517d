import type { Transactor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { FolderKind } from '../folders/folder-kind.js';
import type { MediaFoldersRepository, MediaRepository } from './store/media.repository.js';
import { MEDIA_NAME_MAX, type MediaFolder } from './media.types.js';

/** Folders of the media library: one level, one name per account (any case). Deleting one keeps its files, in no folder. */
export class MediaFoldersService extends FolderKind<MediaFolder> {
  constructor(folders: MediaFoldersRepository, files: MediaRepository, transactor: Transactor, clock: Clock) {
    super({ noun: 'media folder', nameMax: MEDIA_NAME_MAX, created: (folder) => folder }, folders, files, transactor, clock);
  }
}
