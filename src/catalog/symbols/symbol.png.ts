import sharp from 'sharp';
import type { Pixels } from './symbol.resvg.js';

// libvips keeps recent operations for reuse, process-wide and beyond an imaging thread's life; no image is
// processed twice here (images are cached by ETag), so it would only hold memory.
sharp.cache(false);

/**
 * The raster as PNG, encoded by sharp (libspng) from the RGBA pixels at zlib level 3 without adaptive
 * filtering: several times faster than resvg's own encoder for files of about the same size (a
 * symbol is large flat areas), and off the event loop.
 */
export function encodePng(raster: Pixels): Promise<Buffer> {
  return sharp(raster.pixels, { raw: { width: raster.width, height: raster.height, channels: 4 } })
    .png({ compressionLevel: 3, adaptiveFiltering: false })
    .toBuffer();
}
