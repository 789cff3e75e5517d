import type { MediaType } from './media.types.js';

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const PDF = ascii('%PDF-');

/**
 * An SVG document: UTF-8 text whose first element (after an optional BOM, XML declaration, comments,
 * processing instructions and doctype) is `<svg`. Read from the head only.
 */
const SVG_HEAD =
  /^(?:\uFEFF)?\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>|<\?[\s\S]*?\?>)\s*)*<svg[\s>]/i;

function isSvg(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096);
  if (head.includes(0)) return false;
  return SVG_HEAD.test(head.toString('utf8'));
}

/** The file's type from its first bytes (magic numbers), or null for a kind the library does not keep. */
export function sniffType(bytes: Buffer): MediaType | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'image/gif';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'image/webp';
  if (startsWith(bytes, PDF)) return 'application/pdf';
  if (isSvg(bytes)) return 'image/svg+xml';
  return null;
}
