import { PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { InvalidRequest } from '../../lib/errors.js';
import { loadSharp } from '../../lib/sharp.js';
import { sniffType } from './media.sniff.js';
import { sanitiseSvg } from './svg.sanitise.js';
import type { CleanFile, MediaType } from './media.types.js';

/** Larger images are refused before decoding (a decompression bomb stays compressed). */
export const MAX_PIXELS = 40_000_000;

const unreadable = (type: string): InvalidRequest =>
  new InvalidRequest(`The file looks like ${type} by its first bytes but cannot be read as one.`, 'file');

/** Raster images are decoded and encoded again in their own format: metadata (EXIF, GPS, ICC text) is dropped. */
async function reencode(bytes: Buffer, type: MediaType): Promise<CleanFile> {
  const sharp = await loadSharp();
  try {
    const animated = type === 'image/gif' || type === 'image/webp';
    const image = sharp(bytes, { animated, limitInputPixels: MAX_PIXELS, failOn: 'error' }).autoOrient();
    const encoded =
      type === 'image/png'
        ? image.png()
        : type === 'image/jpeg'
          ? image.jpeg({ quality: 90, mozjpeg: true })
          : type === 'image/gif'
            ? image.gif()
            : image.webp({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { type, bytes: data, width: info.width, height: info.pageHeight ?? info.height };
  } catch {
    throw unreadable(type);
  }
}

async function cleanSvg(bytes: Buffer): Promise<CleanFile> {
  const text = await sanitiseSvg(bytes.toString('utf8'));
  if (text === null) throw unreadable('an SVG image');
  const clean = Buffer.from(text, 'utf8');
  const sharp = await loadSharp();
  try {
    const { width, height } = await sharp(clean, { limitInputPixels: MAX_PIXELS }).metadata();
    return { type: 'image/svg+xml', bytes: clean, width: width ?? null, height: height ?? null };
  } catch {
    throw unreadable('an SVG image');
  }
}

/**
 * PDF files are parsed and their pages copied into a new document: what hangs off the catalogue
 * (document JavaScript, open actions, embedded files, metadata, forms) is left behind, and so are the
 * pages' own open and close actions. Encrypted files are refused.
 */
async function cleanPdf(bytes: Buffer): Promise<CleanFile> {
  try {
    const source = await PDFDocument.load(bytes, { updateMetadata: false });
    for (const page of source.getPages()) page.node.delete(PDFName.of('AA'));
    const clean = await PDFDocument.create({ updateMetadata: false });
    for (const page of await clean.copyPages(source, source.getPageIndices())) clean.addPage(page);
    if (clean.getPageCount() === 0) throw new Error('no pages');
    return { type: 'application/pdf', bytes: Buffer.from(await clean.save()), width: null, height: null };
  } catch {
    throw unreadable('a PDF file');
  }
}

/**
 * The file's type from its bytes, and the bytes made safe to serve.
 * A kind the library does not keep, or bytes that do not parse as their kind, give 400 invalid_request.
 */
export async function cleanFile(bytes: Buffer): Promise<CleanFile> {
  const type = sniffType(bytes);
  if (type === null)
    throw new InvalidRequest(
      'The file is not a PNG, JPEG, GIF, WebP or SVG image nor a PDF file (judged by its content).',
      'file',
    );
  if (type === 'image/svg+xml') return cleanSvg(bytes);
  if (type === 'application/pdf') return cleanPdf(bytes);
  return reencode(bytes, type);
}
