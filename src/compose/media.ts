import type { Kysely } from 'kysely';
import type { Config } from '../config/config.js';
import type { Schema } from '../db/schema.js';
import type { Transactor } from '../db/transaction.js';
import type { Clock } from '../lib/clock.js';
import type { AccountsRepository } from '../identity/accounts.repository.js';
import { MediaFoldersService } from '../content/media/media-folders.service.js';
import { MediaFoldersRepository, MediaRepository } from '../content/media/media.repository.js';
import { MediaService } from '../content/media/media.service.js';
import { DiskMediaStore, type MediaStore } from '../content/media/media.store.js';
import type { Services } from '../services.js';

/** What `buildMedia` needs: the store and the shared parts the composition root made first. */
export interface MediaParts {
  db: Kysely<Schema>;
  transactor: Transactor;
  accounts: AccountsRepository;
  clock: Clock;
  config: Pick<Config, 'media' | 'publicUrl'>;
  /** Where media bytes live (default: the disk store at MEDIA_DIR). */
  store?: MediaStore;
}

/** The media library: its files (what other modules read logos and images through) and its folders. */
export function buildMedia(parts: MediaParts): Pick<Services, 'media' | 'mediaFolders'> {
  const { db, transactor: tx, clock, config } = parts;
  const mediaRepo = new MediaRepository(db);
  const mediaFoldersRepo = new MediaFoldersRepository(db);
  const media = new MediaService({
    files: mediaRepo,
    folders: mediaFoldersRepo,
    accounts: parts.accounts,
    store: parts.store ?? new DiskMediaStore(config.media.dir),
    transactor: tx,
    clock,
    limits: config.media,
    publicUrl: config.publicUrl,
  });
  return { media, mediaFolders: new MediaFoldersService(mediaFoldersRepo, mediaRepo, tx, clock) };
}
