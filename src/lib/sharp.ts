import type { default as Sharp } from 'sharp';

let loaded: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), loaded on first use: an imaging thread that only checks designs never loads it.
 * libvips keeps recent operations for reuse, process-wide and beyond a thread's life; no image is
 * processed twice here (images are cached by ETag), so that cache is off.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}
