import { loadSharp } from '../../lib/sharp.js';
import type { Pixels } from './symbol.resvg.js';

/**
 * The raster as PNG, encoded by sharp (libspng) from the RGBA pixels at zlib level 3 without adaptive
 * filtering: several times faster than resvg's own encoder for files of about the same size (a
 * symbol is large flat areas), and off the event loop.
 */
export async function encodePng(raster: Pixels): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(raster.pixels, { raw: { width: raster.width, height: raster.height, channels: 4 } })
    .png({ compressionLevel: 3, adaptiveFiltering: false })
    .toBuffer();
}
