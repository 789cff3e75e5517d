import type { Design } from '../designs/design.schema.js';
import { checkDesign } from './symbol.check.js';
import { sceneToPdf } from './symbol.pdf.js';
import { encodePng } from './symbol.png.js';
import { rasteriseScene } from './symbol.raster.js';
import { embeddableLogo } from './symbol.logo.js';
import { fileNameFor, imageEtag, sceneFor, sizeOf, UNDRAWN_LOGO } from './symbol.request.js';
import { sizeFindings } from './symbol.rules.js';
import type { LogoArt, Scene } from './symbol.scene.js';
import { sceneToSvg } from './symbol.svg.js';
import { CONTENT_TYPES, IMAGE_SIZE, type ImageRequest, type SymbolImage } from './symbols.types.js';

/** The scene as a PNG `width` pixels wide: what the image endpoint, previews and the CLI send. */
export function renderPng(scene: Scene, width: number): Promise<Buffer> {
  return encodePng(rasteriseScene(scene, width));
}

/**
 * Renders `value` in `design` as the requested format and checks it. `art` is the logo's bytes (from
 * the account's media library): drawn in every format and in the checked image; without it the
 * logo's plate is left clear and the report says so.
 */
export async function renderImage(
  value: string,
  design: Design,
  request: ImageRequest,
  name: string,
  art?: LogoArt | null,
): Promise<SymbolImage> {
  const { format } = request;
  const size = sizeOf(request);
  const drawn = art ?? undefined;
  const scene = sceneFor(value, design, drawn ? 'image' : 'plate', format === 'pdf' && drawn ? embeddableLogo(drawn) : drawn);
  const moduleSize = size / scene.width;
  const extra = sizeFindings(moduleSize, IMAGE_SIZE[format].unit);
  if (design.logo && !drawn) extra.push(UNDRAWN_LOGO);
  const report = await checkDesign(value, design, extra, drawn);
  let body: Uint8Array | string;
  if (format === 'svg') body = sceneToSvg(scene, size);
  else if (format === 'png') body = await renderPng(scene, size);
  else body = await sceneToPdf(scene, size, name);
  return {
    body,
    format,
    contentType: CONTENT_TYPES[format],
    fileName: fileNameFor(name, format),
    name,
    etag: imageEtag(value, design, { format, size }, drawn !== undefined, name),
    report,
  };
}
