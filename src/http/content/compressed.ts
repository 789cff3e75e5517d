import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Preferred first when the client weighs several alike. */
const OFFERED: readonly Encoding[] = ['br', 'gzip'];

/**
 * The encoding to send for an `Accept-Encoding` header: the offered one with the highest weight above
 * zero (`*` standing for any not named), brotli before gzip on a tie; null for the file as it is.
 */
export function chosenEncoding(header: string | undefined): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [token, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!token) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of OFFERED) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best;
}

/**
 * A static file's brotli and gzip copies, made once in the background (zlib's thread pool), so
 * neither the start nor a request spends CPU on them. A copy that fails or is no smaller is null: the
 * file is then sent as it is.
 */
export function compressedCopies(bytes: Buffer): Record<Encoding, Promise<Buffer | null>> {
  const smaller = (copy: Buffer): Buffer | null => (copy.length < bytes.length ? copy : null);
  const brotli = promisify(brotliCompress)(bytes, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  return {
    br: brotli.then(smaller, () => null),
    gzip: promisify(gzip)(bytes, { level: 9 }).then(smaller, () => null),
  };
}
