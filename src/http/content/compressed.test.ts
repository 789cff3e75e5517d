import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chosenEncoding, compressedCopies } from './compressed.js';

describe('sending a static file compressed', () => {
  it('picks the accepted encoding of highest weight, brotli before gzip on a tie, none when neither is taken', () => {
    const cases: [string | undefined, 'br' | 'gzip' | null][] = [
      [undefined, null],
      ['', null],
      ['identity', null],
      ['gzip, deflate', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['BR', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['br;q=0, *', 'gzip'],
      ['*', 'br'],
      ['gzip;q=0, br;q=0, identity', null],
      ['br;q=nonsense, gzip;q=0.1', 'gzip'],
    ];
    for (const [header, expected] of cases) expect([header, chosenEncoding(header)]).toEqual([header, expected]);
  });

  it('makes copies that unpack to the file, and none that would not be smaller', async () => {
    const text = Buffer.from('customElements.define("altcha-widget", class {});\n'.repeat(200));
    const copies = compressedCopies(text);
    expect(brotliDecompressSync((await copies.br)!).equals(text)).toBe(true);
    expect(gunzipSync((await copies.gzip)!).equals(text)).toBe(true);
    const tiny = compressedCopies(Buffer.from('x'));
    expect([await tiny.br, await tiny.gzip]).toEqual([null, null]);
  });
});
