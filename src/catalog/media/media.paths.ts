import { EXTENSIONS, MEDIA_TYPES, type MediaFile, type MediaType } from './media.types.js';

/** The public path of a file's bytes: `/media/<sha256>.<ext>`, the same for every file with these bytes. */
export const mediaPath = (file: Pick<MediaFile, 'sha256' | 'type'>): string => `/media/${file.sha256}.${EXTENSIONS[file.type]}`;

/** The absolute public address of a file's bytes. */
export const mediaUrl = (publicUrl: string, file: Pick<MediaFile, 'sha256' | 'type'>): string => publicUrl + mediaPath(file);

const PATH = /^\/media\/([0-9a-f]{64})\.([a-z]+)$/;

/** The hash and type a public media path names, or null when it names none (an ending no type has). */
export function parseMediaPath(path: string): { sha256: string; type: MediaType } | null {
  const match = PATH.exec(path);
  if (!match) return null;
  const type = MEDIA_TYPES.find((t) => EXTENSIONS[t] === match[2]);
  return type ? { sha256: match[1]!, type } : null;
}
