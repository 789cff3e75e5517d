import { Resvg } from '@resvg/resvg-js';
import { resvgOptions, type Pixels } from './symbol.resvg.js';
import type { ImageShape, Scene, Shape } from './symbol.scene.js';
import { blendSprite, logoSprite, textOutline } from './symbol.sprites.js';
import { sceneToSvg } from './symbol.svg.js';

/**
 * A scene rasterised at `width` pixels, drawn as its SVG would be but with less work per call:
 * - the background fills the canvas instead of being a path resvg anti-aliases over every pixel;
 * - frame text is drawn as its glyph outlines, set once per text (no font loaded per call);
 * - a logo whose bytes are at hand is rasterised once per file and pixel size, then laid on the
 *   pixels at the nearest whole pixel (it is not decoded and resampled again on every call).
 */
export function rasteriseScene(scene: Scene, width: number): Pixels {
  const scale = width / scene.width;
  const logos: ImageShape[] = [];
  const shapes: Shape[] = [];
  scene.shapes.forEach((shape, index) => {
    if (index === 0 && scene.background !== undefined) return;
    if (shape.kind === 'image' && shape.art) logos.push(shape);
    else if (shape.kind === 'text') shapes.push(textOutline(shape, scene) ?? shape);
    else shapes.push(shape);
  });
  const options = resvgOptions(
    width,
    shapes.some((s) => s.kind === 'text'),
  );
  if (scene.background !== undefined) options.background = scene.background;
  const image = new Resvg(sceneToSvg({ ...scene, shapes }, width), options).render();
  const raster = { width: image.width, height: image.height, pixels: image.pixels };
  for (const logo of logos) {
    const side = Math.round(logo.size * scale);
    if (logo.art && side > 0)
      blendSprite(raster, logoSprite(logo.art, side), Math.round(logo.x * scale), Math.round(logo.y * scale));
  }
  return raster;
}
