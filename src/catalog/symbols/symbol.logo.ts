import { NotFound } from '../../lib/errors.js';
import { rasterise } from './symbol.resvg.js';
import type { LogoArt } from './symbol.scene.js';

/** Kinds of media file a logo may be; a PDF file is not an image. */
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml']);

/** Pixels per side a logo that PDF cannot embed as it is (SVG, GIF, WebP) is rasterised to. */
const PDF_LOGO_PIXELS = 1024;

/**
 * Where logos come from: the account's own media library, by the file's public address (a missing
 * file throws NotFound). The media library implements it; symbols know only this shape.
 */
export interface LogoSource {
  contentByUrl(accountId: string, url: string): Promise<{ file: { type: string }; bytes: Buffer }>;
}

/** The logo at `url` when it is an image of the account's media library, else null (never fetched from elsewhere). */
export async function accountLogo(source: LogoSource, accountId: string, url: string): Promise<LogoArt | null> {
  try {
    const { file, bytes } = await source.contentByUrl(accountId, url);
    if (!LOGO_TYPES.has(file.type)) return null;
    return { type: file.type, bytes, href: `data:${file.type};base64,${bytes.toString('base64')}` };
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
}

/** The logo as PNG or JPEG, what a PDF embeds: other kinds are rasterised by resvg. */
export function embeddableLogo(art: LogoArt): LogoArt {
  if (art.type === 'image/png' || art.type === 'image/jpeg') return art;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><image href="${art.href}" width="1" height="1" preserveAspectRatio="xMidYMid meet"/></svg>`;
  const bytes = rasterise(svg, PDF_LOGO_PIXELS).png();
  return { type: 'image/png', bytes, href: `data:image/png;base64,${Buffer.from(bytes).toString('base64')}` };
}
