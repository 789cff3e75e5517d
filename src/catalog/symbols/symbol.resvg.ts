import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';
import { FRAME_FONT_FILE } from './symbol.assets.js';
import { FRAME_FONT_FAMILY } from './symbol.scene.js';

/** RGBA pixels, row by row (premultiplied; a symbol's image is opaque, so they are plain RGBA too). */
export interface Pixels {
  width: number;
  height: number;
  pixels: Uint8Array;
}

export interface Raster extends Pixels {
  /** The image as PNG with its transparency, encoded by resvg. */
  png(): Uint8Array;
}

/** resvg's options: the bundled frame font only when there is text to set, never system or remote fonts. */
export function resvgOptions(width: number | undefined, text: boolean): ResvgRenderOptions {
  return {
    ...(width !== undefined && { fitTo: { mode: 'width', value: width } }),
    font: text
      ? { fontFiles: [FRAME_FONT_FILE], loadSystemFonts: false, defaultFontFamily: FRAME_FONT_FAMILY }
      : { loadSystemFonts: false },
    shapeRendering: 2,
    textRendering: 1,
  };
}

/** Any SVG rasterised at `width` pixels by resvg, with the bundled frame font. */
export function rasterise(svg: string, width: number): Raster {
  const image = new Resvg(svg, resvgOptions(width, true)).render();
  return { width: image.width, height: image.height, pixels: image.pixels, png: () => image.asPng() };
}
