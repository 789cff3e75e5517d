import { createHash } from 'node:crypto';
import type { Design } from '../designs/design.schema.js';
import { InvalidRequest } from '../../lib/errors.js';
import { renderScene, type LogoMode } from './symbol.render.js';
import type { Finding } from './symbol.rules.js';
import type { LogoArt, Scene } from './symbol.scene.js';
import { IMAGE_SIZE, type ImageRequest } from './symbols.types.js';

/** Changes whenever the drawing changes, so cached images are revalidated after an upgrade. */
const RENDERER_VERSION = 3;

/**
 * Strong ETag of an image: the renderer, the value, the design, whether its logo is drawn (the
 * address names the bytes: media addresses hold their SHA-256), the requested format and size, and
 * the code's name (a PDF carries it as its title), so one ETag always names the same bytes.
 */
export function imageEtag(
  value: string,
  design: Design,
  request: Required<ImageRequest>,
  logoDrawn: boolean,
  name: string,
): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([RENDERER_VERSION, value, design, request.format, request.size, logoDrawn, name]))
    .digest('base64url')
    .slice(0, 27);
  return `"${hash}"`;
}

/** Whether an If-None-Match header matches `etag` (`*`, or one of its tags, weak or strong). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/** The scene, or 400 when the value does not fit in a QR symbol at the design's error correction. */
export function sceneFor(value: string, design: Design, logo: LogoMode, art?: LogoArt): Scene {
  try {
    return renderScene(value, design, logo, art);
  } catch (error) {
    if (error instanceof Error && /too big|amount of data/i.test(error.message)) {
      throw new InvalidRequest(
        `The value is too long for a QR symbol at error correction ${design.errorCorrection}; shorten it or lower the level.`,
        'value',
      );
    }
    throw error;
  }
}

/** A file name safe in a header: the name's letters and digits, dashes between, and the extension. */
export function fileNameFor(name: string, format: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .toLowerCase();
  return `${base || 'qr-code'}.${format}`;
}

/** The requested size, or the format's default; 400 naming `size` outside the format's bounds. */
export function sizeOf(request: ImageRequest): number {
  const bounds = IMAGE_SIZE[request.format];
  const size = request.size ?? bounds.fallback;
  if (!Number.isInteger(size) || size < bounds.min || size > bounds.max) {
    throw new InvalidRequest(`size must be ${bounds.min} to ${bounds.max} (${bounds.unit}) for ${request.format}.`, 'size');
  }
  return size;
}

/** Reported when a design's logo is not drawn: its bytes are not in the account's media library. */
export const UNDRAWN_LOGO: Finding = {
  cause: 'logo',
  severity: 'warn',
  message:
    "the logo is not a file of this account's media library, so it is not drawn (its space is left clear); upload it to the media library and use its address.",
};
