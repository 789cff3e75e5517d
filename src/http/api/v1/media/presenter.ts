import type { Static } from '@sinclair/typebox';
import { iso } from '../../../../lib/clock.js';
import { mediaUrl, type MediaFile, type MediaFolder as MediaFolderRecord } from '../../../../catalog/index.js';
import type { MediaFolder, MediaItem } from './schema.js';

export const presentMedia = (file: MediaFile, publicUrl: string): Static<typeof MediaItem> => ({
  id: file.id,
  name: file.name,
  type: file.type,
  size: file.size,
  width: file.width,
  height: file.height,
  folderId: file.folderId,
  url: mediaUrl(publicUrl, file),
  createdAt: iso(file.createdAt),
});

export const presentMediaFolder = (folder: MediaFolderRecord): Static<typeof MediaFolder> => ({
  id: folder.id,
  name: folder.name,
  createdAt: iso(folder.createdAt),
  updatedAt: iso(folder.updatedAt),
});
