import { Resvg } from '@resvg/resvg-js';
import { FRAME_FONT_FILE } from './symbol.assets.js';
import { FRAME_FONT_FAMILY } from './symbol.scene.js';

export interface Raster {
  width: number;
  height: number;
  /** RGBA, row by row. */
  pixels: Uint8Array;
  png(): Uint8Array;
}

/** An SVG rasterised at `width` pixels by resvg, with the bundled frame font and no system or remote fonts. */
export function rasterise(svg: string, width: number): Raster {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { fontFiles: [FRAME_FONT_FILE], loadSystemFonts: false, defaultFontFamily: FRAME_FONT_FAMILY },
    shapeRendering: 2,
    textRendering: 1,
  });
  const image = resvg.render();
  return {
    width: image.width,
    height: image.height,
    get pixels() {
      return image.pixels;
    },
    png: () => image.asPng(),
  };
}
