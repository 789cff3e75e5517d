import { createHash } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import { Lru } from '../../lib/lru.js';
import { resvgOptions, type Pixels } from './symbol.resvg.js';
import type { LogoArt, PathShape, Scene, TextShape } from './symbol.scene.js';
import { sceneToSvg } from './symbol.svg.js';

/**
 * What the raster path prepares once and reuses: a logo rasterised at a pixel size, and frame text
 * as glyph outlines. Both caches are bounded (at most 32 MB of logo rasters); an entry is keyed by
 * everything that shapes it.
 */
const NEVER = Number.POSITIVE_INFINITY;
const sprites = new Lru<Pixels>(32);
/** Sprites above this size (a logo over 512 px square: exports far above 1024 px) are drawn per call. */
const SPRITE_MAX_BYTES = 1024 * 1024;
const outlines = new Lru<PathShape | null>(128);
const digests = new WeakMap<Uint8Array, string>();

function digestOf(bytes: Uint8Array): string {
  let digest = digests.get(bytes);
  if (digest === undefined) {
    digest = createHash('sha256').update(bytes).digest('base64url');
    digests.set(bytes, digest);
  }
  return digest;
}

/** The logo fitted into a square of `side` pixels (centred, aspect kept), as resvg draws it; premultiplied RGBA. */
export function logoSprite(art: LogoArt, side: number): Pixels {
  const key = `${digestOf(art.bytes)}:${side}`;
  const known = sprites.get(key, 0);
  if (known) return known;
  const svg = sceneToSvg(
    { width: side, height: side, shapes: [{ kind: 'image', href: art.href, x: 0, y: 0, size: side }] },
    side,
  );
  const image = new Resvg(svg, resvgOptions(side, false)).render();
  const sprite = { width: image.width, height: image.height, pixels: image.pixels };
  if (sprite.pixels.byteLength <= SPRITE_MAX_BYTES) sprites.set(key, sprite, NEVER);
  return sprite;
}

/** Lays premultiplied `sprite` over the opaque `target` with its top-left corner at (left, top), clipped. */
export function blendSprite(target: Pixels, sprite: Pixels, left: number, top: number): void {
  const { pixels: out, width } = target;
  const { pixels: src } = sprite;
  const x0 = Math.max(0, -left);
  const x1 = Math.min(sprite.width, width - left);
  const y0 = Math.max(0, -top);
  const y1 = Math.min(sprite.height, target.height - top);
  for (let y = y0; y < y1; y++) {
    let s = (y * sprite.width + x0) * 4;
    let d = ((top + y) * width + left + x0) * 4;
    for (let x = x0; x < x1; x++, s += 4, d += 4) {
      const alpha = src[s + 3]!;
      if (alpha === 0) continue;
      const keep = 255 - alpha;
      for (let c = 0; c < 3; c++) out[d + c] = src[s + c]! + Math.round((out[d + c]! * keep) / 255);
      out[d + 3] = 255;
    }
  }
}

/**
 * Frame text as one path of its glyph outlines in the bundled font, in the scene's units, set by
 * resvg itself (so it is drawn exactly as the text would be); null when resvg answers with anything
 * but plain paths of the text's colour, and the caller keeps the text.
 */
export function textOutline(shape: TextShape, scene: Scene): PathShape | null {
  const svg = sceneToSvg({ width: scene.width, height: scene.height, shapes: [shape] });
  const known = outlines.get(svg, 0);
  if (known !== undefined) return known;
  const tree = new Resvg(svg, resvgOptions(undefined, true)).toString();
  const paths = [...tree.matchAll(/<path\b([^>]*)\/>/g)];
  const plain = paths.every(([, attrs]) => /fill="([^"]*)"/.exec(attrs!)?.[1]?.toLowerCase() === shape.fill.toLowerCase());
  const outline: PathShape | null =
    paths.length > 0 && plain && !/transform=|fill-rule="evenodd"|<(?:use|image|text|clipPath|mask|pattern)\b/.test(tree)
      ? {
          kind: 'path',
          d: paths.map(([, attrs]) => /\bd="([^"]*)"/.exec(attrs!)?.[1] ?? '').join(''),
          fill: shape.fill,
          smooth: true,
        }
      : null;
  outlines.set(svg, outline, NEVER);
  return outline;
}
