/** The kinds of file the media library keeps, decided from the bytes (media.sniff.ts). */
export const MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml', 'application/pdf'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** The file name ending each type is served under: /media/<sha256>.<ext>. */
export const EXTENSIONS: Record<MediaType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
};

export const MEDIA_NAME_MAX = 200;

/** One file of an account's library. Several files (of any accounts) may share one stored blob. */
export interface MediaFile {
  id: string;
  accountId: string;
  folderId: string | null;
  name: string;
  type: MediaType;
  /** Bytes as stored (after sanitising). */
  size: number;
  /** Pixels, for images; null for PDF files. */
  width: number | null;
  height: number | null;
  /** Hex SHA-256 of the stored bytes: the blob's key and its public path. */
  sha256: string;
  createdAt: number;
  updatedAt: number;
}

export interface MediaFolder {
  id: string;
  accountId: string;
  name: string;
  createdAt: number;
  updatedAt: number;
}

export interface UploadInput {
  /** The bytes as sent; their type is read from them, never from the name. */
  bytes: Buffer;
  /** The name the file had (the library's name when `name` is not given). */
  filename?: string;
  name?: string;
  folderId?: string | null;
}

export interface UpdateMediaInput {
  name?: string;
  /** A folder of the account, or null for none. */
  folderId?: string | null;
}

export interface ListMediaOptions {
  /** Only files in this folder; null for files in no folder; undefined for all. */
  folderId?: string | null;
  limit: number;
  offset: number;
}

/** Bytes of a file with what the caller needs to use them. */
export interface MediaContent {
  file: MediaFile;
  bytes: Buffer;
}

/** What is stored: the sanitised bytes, their type and, for images, their size in pixels. */
export interface CleanFile {
  type: MediaType;
  bytes: Buffer;
  width: number | null;
  height: number | null;
}

/** Where uploads are checked by their bytes and made safe to serve: the imaging threads. */
export interface UploadCleaner {
  cleanFile(bytes: Buffer): Promise<CleanFile>;
}
