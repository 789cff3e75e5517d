import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFound, TooLarge } from '../../src/lib/errors.js';
import { mediaUrl } from '../../src/catalog/media/media.paths.js';
import { DiskMediaStore, sha256Hex } from '../../src/catalog/media/media.store.js';
import type { MediaFile } from '../../src/catalog/media/media.types.js';
import { ownerOf } from '../support/actors.js';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { HOSTILE_SVG, noisyPng, pdfWithScript, raster } from '../support/media.js';
import { describeRoles, type RoleWorld } from '../support/roles.js';
import { describeEach, STORES } from '../support/stores.js';

/** Small limits, so a few kilobytes reach them. */
const LIMITS = { MEDIA_MAX_FILE_BYTES: '3000', MEDIA_MAX_ACCOUNT_BYTES: '6000' };

describeEach(STORES)('media service ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  let disk: DiskMediaStore;
  beforeAll(async () => {
    h = await createHarness(store, { env: LIMITS });
    t = await h.factory.tenant();
    disk = new DiskMediaStore(h.config.media.dir);
  });
  afterAll(() => h.close());

  const upload = async (tenant: Tenant, bytes: Buffer, filename = 'file') =>
    h.services.catalog.media.upload(ownerOf(tenant), { bytes, filename });

  it('keeps PNG, JPEG, SVG and PDF files with their type from the bytes, stored under their hash', async () => {
    const cases: Array<[Buffer, string, MediaFile['type'], number | null]> = [
      [await raster('png'), 'logo.png', 'image/png', 12],
      [await raster('jpeg'), 'photo.png', 'image/jpeg', 12],
      [HOSTILE_SVG, 'mark.svg', 'image/svg+xml', 40],
      [await pdfWithScript(), 'menu.pdf', 'application/pdf', null],
    ];
    for (const [bytes, filename, type, width] of cases) {
      const file = await upload(t, bytes, filename);
      expect(file).toMatchObject({ name: filename, type, width, folderId: null, accountId: t.account.id });
      const stored = await disk.get(file.sha256);
      expect(stored && sha256Hex(stored)).toBe(file.sha256);
      expect(stored?.length).toBe(file.size);
      expect(await h.services.catalog.media.get(ownerOf(t), file.id)).toEqual(file);
    }
  });

  it('gives other modules the bytes by id and by public address, for the owning account only', async () => {
    const other = await h.factory.tenant();
    const file = await upload(t, await raster('png', { width: 13 }));
    const byId = await h.services.catalog.media.content(t.account.id, file.id);
    const byUrl = await h.services.catalog.media.contentByUrl(t.account.id, mediaUrl(h.config.publicUrl, file));
    const byPath = await h.services.catalog.media.contentByUrl(t.account.id, `/media/${file.sha256}.png`);
    expect(sha256Hex(byId.bytes)).toBe(file.sha256);
    expect(byUrl.bytes.equals(byId.bytes) && byPath.bytes.equals(byId.bytes)).toBe(true);
    await expect(h.services.catalog.media.content(other.account.id, file.id)).rejects.toBeInstanceOf(NotFound);
    await expect(
      h.services.catalog.media.contentByUrl(other.account.id, mediaUrl(h.config.publicUrl, file)),
    ).rejects.toBeInstanceOf(NotFound);
    await expect(h.services.catalog.media.contentByUrl(t.account.id, `/media/${file.sha256}.svg`)).rejects.toBeInstanceOf(
      NotFound,
    );
    await expect(
      h.services.catalog.media.contentByUrl(t.account.id, `https://elsewhere.example/media/${file.sha256}.png`),
    ).rejects.toBeInstanceOf(NotFound);
  });

  it("answers 404 for another account's file on every operation", async () => {
    const other = await h.factory.tenant();
    const file = await upload(t, await raster('gif'));
    const stranger = ownerOf(other);
    await expect(h.services.catalog.media.get(stranger, file.id)).rejects.toBeInstanceOf(NotFound);
    await expect(h.services.catalog.media.update(stranger, file.id, { name: 'mine' })).rejects.toBeInstanceOf(NotFound);
    await expect(h.services.catalog.media.delete(stranger, file.id)).rejects.toBeInstanceOf(NotFound);
    expect(await h.services.catalog.media.list(stranger, { limit: 100, offset: 0 })).toEqual([]);
    expect((await h.services.catalog.media.get(ownerOf(t), file.id)).name).toBe('file');
  });

  it('refuses a file over the per-file limit before reading it, and one that would overfill the account', async () => {
    const tenant = await h.factory.tenant();
    await expect(upload(tenant, await noisyPng(40))).rejects.toBeInstanceOf(TooLarge);
    const big = await noisyPng(28);
    expect(big.length).toBeLessThan(3000);
    const first = await upload(tenant, big);
    await upload(tenant, big);
    const refused = upload(tenant, big);
    await expect(refused).rejects.toBeInstanceOf(TooLarge);
    await expect(refused).rejects.toMatchObject({ message: expect.stringMatching(/media library is full/) });
    expect(await h.services.catalog.media.list(ownerOf(tenant), { limit: 100, offset: 0 })).toHaveLength(2);
    // Another account has room of its own; deleting makes room again.
    await upload(await h.factory.tenant(), big);
    await h.services.catalog.media.delete(ownerOf(tenant), first.id);
    await upload(tenant, big);
  });

  it('removes the bytes with the last file that has them, whatever its account', async () => {
    const other = await h.factory.tenant();
    const bytes = await raster('webp', { width: 17 });
    const mine = await upload(t, bytes);
    const theirs = await upload(other, bytes);
    expect(theirs.sha256).toBe(mine.sha256);
    await h.services.catalog.media.delete(ownerOf(t), mine.id);
    expect(await disk.has(mine.sha256)).toBe(true);
    expect(await h.services.catalog.media.serve(mine.sha256, 'image/webp')).not.toBeNull();
    await h.services.catalog.media.delete(ownerOf(other), theirs.id);
    expect(await disk.has(mine.sha256)).toBe(false);
    expect(await h.services.catalog.media.serve(mine.sha256, 'image/webp')).toBeNull();
  });

  it('files into folders, lists by folder, and unfiles on deleting the folder', async () => {
    const tenant = await h.factory.tenant();
    const owner = ownerOf(tenant);
    const logos = await h.services.catalog.mediaFolders.create(owner, { name: 'Logos' });
    await expect(h.services.catalog.mediaFolders.create(owner, { name: 'LOGOS' })).rejects.toMatchObject({
      code: 'invalid_request',
    });
    const inFolder = await h.services.catalog.media.upload(owner, {
      bytes: await raster('png'),
      name: 'Mark',
      folderId: logos.id,
    });
    const loose = await upload(tenant, await raster('jpeg'));
    expect((await h.services.catalog.media.list(owner, { folderId: logos.id, limit: 10, offset: 0 })).map((f) => f.id)).toEqual([
      inFolder.id,
    ]);
    expect((await h.services.catalog.media.list(owner, { folderId: null, limit: 10, offset: 0 })).map((f) => f.id)).toEqual([
      loose.id,
    ]);
    expect((await h.services.catalog.media.list(owner, { limit: 10, offset: 0 })).map((f) => f.id)).toEqual([
      loose.id,
      inFolder.id,
    ]);
    const moved = await h.services.catalog.media.update(owner, loose.id, { folderId: logos.id, name: 'Photo' });
    expect(moved).toMatchObject({ folderId: logos.id, name: 'Photo' });
    expect(await h.services.catalog.mediaFolders.delete(owner, logos.id)).toBe(2);
    expect((await h.services.catalog.media.get(owner, inFolder.id)).folderId).toBeNull();
    expect(await h.services.catalog.mediaFolders.list(owner)).toEqual([]);
  });

  it("refuses another account's folder for an upload or a move", async () => {
    const theirs = await h.services.catalog.mediaFolders.create(ownerOf(await h.factory.tenant()), { name: 'Theirs' });
    const refused = h.services.catalog.media.upload(ownerOf(t), { bytes: await raster('png'), folderId: theirs.id });
    await expect(refused).rejects.toMatchObject({ code: 'invalid_request', field: 'folderId' });
    const file = await upload(t, await raster('png', { width: 9 }));
    await expect(h.services.catalog.media.update(ownerOf(t), file.id, { folderId: theirs.id })).rejects.toMatchObject({
      field: 'folderId',
    });
  });

  let sequence = 0;
  const fileOf = async ({ h, owner }: RoleWorld) =>
    h.services.catalog.media.upload(owner, { bytes: await raster('png'), name: `f${(sequence += 1)}` });
  const folderOf = ({ h, owner }: RoleWorld) =>
    h.services.catalog.mediaFolders.create(owner, { name: `Folder ${(sequence += 1)}` });
  describeRoles('media service', store, [
    { operation: 'list', least: 'member', run: (actor, { h }) => h.services.catalog.media.list(actor, { limit: 10, offset: 0 }) },
    { operation: 'get', least: 'member', run: async (actor, w) => w.h.services.catalog.media.get(actor, (await fileOf(w)).id) },
    {
      operation: 'upload',
      least: 'editor',
      run: async (actor, { h }) => h.services.catalog.media.upload(actor, { bytes: await raster('png') }),
    },
    {
      operation: 'update',
      least: 'editor',
      run: async (actor, w) => w.h.services.catalog.media.update(actor, (await fileOf(w)).id, { name: 'x' }),
    },
    {
      operation: 'delete',
      least: 'editor',
      run: async (actor, w) => w.h.services.catalog.media.delete(actor, (await fileOf(w)).id),
    },
    { operation: 'list folders', least: 'member', run: (actor, { h }) => h.services.catalog.mediaFolders.list(actor) },
    {
      operation: 'create folder',
      least: 'editor',
      run: (actor, { h }) => h.services.catalog.mediaFolders.create(actor, { name: `New ${(sequence += 1)}` }),
    },
    {
      operation: 'rename folder',
      least: 'editor',
      run: async (actor, w) =>
        w.h.services.catalog.mediaFolders.rename(actor, (await folderOf(w)).id, { name: `Re ${(sequence += 1)}` }),
    },
    {
      operation: 'delete folder',
      least: 'editor',
      run: async (actor, w) => w.h.services.catalog.mediaFolders.delete(actor, (await folderOf(w)).id),
    },
  ]);
});

describe('DiskMediaStore', () => {
  it('refuses keys that are not hashes, so no path leaves its folder', async () => {
    const disk = new DiskMediaStore('/nonexistent-qrelay-media');
    expect(await disk.get('../../etc/passwd')).toBeNull();
    expect(await disk.has('ab')).toBe(false);
    await expect(disk.delete('../x')).resolves.toBeUndefined();
  });
});
