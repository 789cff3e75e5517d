import { describe, expect, it } from 'vitest';
import { ImageCache, type CachedImage } from './symbol.cache.js';

const image = (etag: string, bytes: number): CachedImage => ({
  etag,
  body: new Uint8Array(bytes),
  format: 'png',
  contentType: 'image/png',
  fileName: 'qr-code.png',
  name: 'QR code',
  report: { scannable: true, decoded: true, findings: [], contrast: 21, version: 2, modules: 33, decodeMs: 1 },
});

describe('ImageCache', () => {
  it('keeps images by ETag within its byte budget, dropping the least recently used first', () => {
    const cache = new ImageCache(2400);
    const etags = ['"a"', '"b"', '"c"', '"d"', '"e"', '"f"', '"g"', '"h"'];
    for (const etag of etags) cache.set(image(etag, 300));
    expect(cache.size).toBe(2400);
    expect(cache.get('"a"')?.etag).toBe('"a"'); // a is now the most recent
    cache.set(image('"i"', 300));
    expect(cache.get('"b"')).toBeUndefined();
    expect([...etags.filter((e) => e !== '"b"'), '"i"'].every((e) => cache.get(e)?.etag === e)).toBe(true);
    expect(cache.size).toBe(2400);
  });

  it('replaces an entry under the same ETag and never keeps an image larger than an eighth of the budget', () => {
    const cache = new ImageCache(1000);
    cache.set(image('"a"', 100));
    cache.set(image('"a"', 120));
    expect(cache.size).toBe(120);
    cache.set(image('"big"', 126));
    expect(cache.get('"big"')).toBeUndefined();
    cache.set({ ...image('"svg"', 0), body: 'x'.repeat(50), format: 'svg' });
    expect(cache.get('"svg"')?.body).toBe('x'.repeat(50));
    expect(cache.size).toBe(220);
  });
});
