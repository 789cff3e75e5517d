import type { Design } from '../designs/design.schema.js';
import { estimatedTextWidth, renderScene, type LogoMode } from './symbol.render.js';
import { gradientElement, paintId } from './symbol.paint.js';
import { FRAME_FONT_FAMILY, n, roundedRectPath, type LogoArt, type Scene } from './symbol.scene.js';

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch] as string);

/** A scene as an SVG document; `pixels` sets the width attribute (the height follows the aspect). */
export function sceneToSvg(scene: Scene, pixels?: number): string {
  const size = pixels === undefined ? '' : ` width="${pixels}" height="${n((pixels * scene.height) / scene.width)}"`;
  const defs = new Map<string, string>();
  let body = scene.shapes
    .map((shape) => {
      if (shape.kind === 'path') {
        if (shape.d === '') return '';
        let fill = shape.fill;
        if (shape.gradient) {
          const { id, svg } = gradientElement(shape.gradient);
          defs.set(id, svg);
          fill = `url(#${id})`;
        }
        return `<path fill="${fill}"${shape.smooth ? ' shape-rendering="geometricPrecision"' : ''} d="${shape.d}"/>`;
      }
      if (shape.kind === 'image') {
        return `<image href="${escapeXml(shape.href)}" x="${n(shape.x)}" y="${n(shape.y)}" width="${n(shape.size)}" height="${n(shape.size)}" preserveAspectRatio="xMidYMid meet"/>`;
      }
      const squeeze =
        estimatedTextWidth(shape.text, shape.size) > shape.maxWidth
          ? ` textLength="${n(shape.maxWidth)}" lengthAdjust="spacingAndGlyphs"`
          : '';
      return `<text x="${n(shape.x)}" y="${n(shape.y)}" fill="${shape.fill}" font-family="${FRAME_FONT_FAMILY}, Verdana, sans-serif" font-weight="bold" font-size="${n(shape.size)}" text-anchor="middle"${squeeze}>${escapeXml(shape.text)}</text>`;
    })
    .join('');
  if (scene.rounded) {
    const r = scene.rounded;
    const outline = roundedRectPath(0, 0, scene.width, scene.height, [r, r, r, r]);
    const id = paintId('clip', outline);
    defs.set(id, `<clipPath id="${id}"><path d="${outline}"/></clipPath>`);
    body = `<g clip-path="url(#${id})">${body}</g>`;
  }
  const head = defs.size > 0 ? `<defs>${[...defs.values()].join('')}</defs>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n(scene.width)} ${n(scene.height)}"${size} shape-rendering="${scene.gridAligned ? 'crispEdges' : 'geometricPrecision'}">${head}${body}</svg>`;
}

/** The renderer's one entry point: `(value, design) → SVG`, pure, the same in the browser and the server. */
export function renderSvg(
  value: string,
  design: Design,
  options: { pixels?: number; logo?: LogoMode; art?: LogoArt } = {},
): string {
  return sceneToSvg(renderScene(value, design, options.logo ?? 'image', options.art), options.pixels);
}
