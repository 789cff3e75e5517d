import type { MediaConfig } from '../../config/config.js';
import type { Transactor, Tx } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { InvalidRequest, NotFound, TooLarge } from '../../lib/errors.js';
import { foundById } from '../../lib/found.js';
import { isId, newId } from '../../lib/ids.js';
import { validName } from '../../db/names.js';
import type { AccountLookup } from '../../identity/index.js';
import { assertCan, type Person } from '../../platform/index.js';
import { mediaPath, parseMediaPath } from './media.paths.js';
import type { MediaFoldersRepository, MediaRepository } from './store/media.repository.js';
import type { MediaStore } from './media.store.js';
import {
  MEDIA_NAME_MAX,
  type ListMediaOptions,
  type MediaContent,
  type MediaFile,
  type MediaType,
  type UpdateMediaInput,
  type UploadCleaner,
  type UploadInput,
} from './media.types.js';

export interface MediaServiceDeps {
  files: MediaRepository;
  folders: MediaFoldersRepository;
  accounts: AccountLookup;
  store: MediaStore;
  transactor: Transactor;
  clock: Clock;
  limits: Pick<MediaConfig, 'maxFileBytes' | 'maxAccountBytes'>;
  publicUrl: string;
  /** Where uploads are checked by their bytes and sanitised, off the serving thread. */
  imaging: UploadCleaner;
}

const megabytes = (bytes: number): string => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;

/**
 * The media library: files checked by their bytes and
 * sanitised before they are stored by hash in the MediaStore; rows in the store. Reading needs
 * content:read, uploading, renaming, moving and deleting content:write. `content` and `contentByUrl`
 * are for other modules acting as the system (a design's logo, a page's image).
 */
export class MediaService {
  constructor(private readonly deps: MediaServiceDeps) {}

  async list(actor: Person, options: ListMediaOptions): Promise<MediaFile[]> {
    assertCan(actor, 'content:read');
    return this.deps.files.list(actor.accountId, options);
  }

  /** The account's file, or 404 (also for another account's). */
  async get(actor: Person, id: string): Promise<MediaFile> {
    assertCan(actor, 'content:read');
    return this.find(actor.accountId, id);
  }

  /** How much of the account's library is used, against its limits. */
  async usage(actor: Person): Promise<{ usedBytes: number; limitBytes: number; maxFileBytes: number }> {
    assertCan(actor, 'content:read');
    const { limits, files } = this.deps;
    return {
      usedBytes: await files.totalSize(actor.accountId),
      limitBytes: limits.maxAccountBytes,
      maxFileBytes: limits.maxFileBytes,
    };
  }

  async upload(actor: Person, input: UploadInput): Promise<MediaFile> {
    assertCan(actor, 'content:write');
    const { limits, clock, store } = this.deps;
    if (input.bytes.length > limits.maxFileBytes)
      throw new TooLarge(`The file is larger than ${megabytes(limits.maxFileBytes)}, the largest a file may be.`, 'file');
    const name = validName(input.name ?? input.filename ?? 'untitled', MEDIA_NAME_MAX);
    const clean = await this.deps.imaging.cleanFile(input.bytes);
    const sha256 = await store.put(clean.bytes);
    const now = clock.now();
    const file: MediaFile = {
      id: newId(),
      accountId: actor.accountId,
      folderId: input.folderId ?? null,
      name,
      type: clean.type,
      size: clean.bytes.length,
      width: clean.width,
      height: clean.height,
      sha256,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await this.deps.transactor.run(async (tx) => {
        await this.deps.accounts.lock(actor.accountId, tx);
        if (file.folderId !== null) await this.assertFolder(actor.accountId, file.folderId, tx);
        const used = await this.deps.files.totalSize(actor.accountId, tx);
        if (used + file.size > limits.maxAccountBytes)
          throw new TooLarge(
            `The media library is full: ${megabytes(used)} of ${megabytes(limits.maxAccountBytes)} used, and this file needs ${megabytes(file.size)}. Delete files to make room.`,
            'file',
          );
        await this.deps.files.insert(file, tx);
      });
    } catch (error) {
      await this.release(sha256);
      throw error;
    }
    // A delete of the last other file with these bytes may have removed them meanwhile.
    if (!(await store.has(sha256))) await store.put(clean.bytes);
    return file;
  }

  async update(actor: Person, id: string, input: UpdateMediaInput): Promise<MediaFile> {
    assertCan(actor, 'content:write');
    const file = await this.find(actor.accountId, id);
    const next: MediaFile = {
      ...file,
      name: input.name === undefined ? file.name : validName(input.name, MEDIA_NAME_MAX),
      folderId: input.folderId === undefined ? file.folderId : input.folderId,
      updatedAt: this.deps.clock.now(),
    };
    // Moving into a folder holds it, so a folder deleted meanwhile is refused rather than half-used.
    await this.deps.transactor.run(async (tx) => {
      if (next.folderId !== null && next.folderId !== file.folderId) await this.assertFolder(actor.accountId, next.folderId, tx);
      await this.deps.files.update(next, tx);
    });
    return next;
  }

  /** Deletes the file; its bytes go too once no file (of any account) has them. */
  async delete(actor: Person, id: string): Promise<MediaFile> {
    assertCan(actor, 'content:write');
    const file = await this.find(actor.accountId, id);
    await this.deps.files.delete(actor.accountId, file.id);
    await this.release(file.sha256);
    return file;
  }

  /**
   * The public paths (`/media/<sha256>.<ext>`) of the account's files among `ids`, by id, for other
   * modules acting as the system (a page's images, a card's photo); ids the account has not are left out.
   */
  async paths(accountId: string, ids: readonly string[]): Promise<Map<string, string>> {
    const found = await Promise.all(ids.filter(isId).map((id) => this.deps.files.find(accountId, id)));
    return new Map(found.filter((f): f is MediaFile => f !== null).map((f) => [f.id, mediaPath(f)]));
  }

  /** A file's bytes, for other modules acting for `accountId` (no person): 404 unless the account has it. */
  async content(accountId: string, id: string): Promise<MediaContent> {
    return this.withBytes(await this.find(accountId, id));
  }

  /**
   * The bytes behind a media address the account has (`<PUBLIC_URL>/media/<sha256>.<ext>`, or the
   * path alone), e.g. a logo in a design: 404 for any other address or another account's file.
   */
  async contentByUrl(accountId: string, url: string): Promise<MediaContent> {
    const { publicUrl } = this.deps;
    const path = url.startsWith(`${publicUrl}/`) ? url.slice(publicUrl.length) : url;
    const named = parseMediaPath(path);
    const file = named ? await this.deps.files.findByHash(accountId, named.sha256) : null;
    if (!file || file.type !== named?.type) throw new NotFound('media file');
    return this.withBytes(file);
  }

  /** What the public path /media/<sha256>.<ext> serves: the bytes when some file has them with that type. */
  async serve(sha256: string, type: MediaType): Promise<Buffer | null> {
    if ((await this.deps.files.typeOfHash(sha256)) !== type) return null;
    return this.deps.store.get(sha256);
  }

  /** Holds the account's folder until the transaction ends; 400 naming folderId when it has none such. */
  private async assertFolder(accountId: string, folderId: string, tx: Tx): Promise<void> {
    if (!isId(folderId) || !(await this.deps.folders.lockInAccount(accountId, folderId, tx)))
      throw new InvalidRequest('folderId is not a media folder of this account.', 'folderId');
  }

  private find(accountId: string, id: string): Promise<MediaFile> {
    return foundById('media file', id, (id) => this.deps.files.find(accountId, id));
  }

  private async withBytes(file: MediaFile): Promise<MediaContent> {
    const bytes = await this.deps.store.get(file.sha256);
    if (!bytes) throw new NotFound('media file');
    return { file, bytes };
  }

  /** Removes the bytes when no file has them any more. */
  private async release(sha256: string): Promise<void> {
    if ((await this.deps.files.countByHash(sha256)) === 0) await this.deps.store.delete(sha256);
  }
}
