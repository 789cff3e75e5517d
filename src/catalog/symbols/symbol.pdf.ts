import { createHash } from 'node:crypto';
import fontkit from '@cantoo/fontkit';
import { PDFDocument, popGraphicsState, rgb, type PDFFont } from '@cantoo/pdf-lib';
import { frameFontBytes } from './symbol.assets.js';
import { gradientFill, rgbComponents, roundedClip } from './symbol.pdf-paint.js';
import type { Scene } from './symbol.scene.js';

const MM_TO_PT = 72 / 25.4;

const colour = (hex: string) => rgb(...rgbComponents(hex));

/**
 * The embedded subset's name, `ABCDEF+DejaVuSans-Bold`: readers know a subset by its six-letter tag,
 * taken here from the text it sets so that two different subsets never share a name.
 */
function subsetName(texts: string[]): string {
  const digest = createHash('sha256').update(texts.join('\n')).digest();
  const tag = [...digest.subarray(0, 6)].map((byte) => String.fromCharCode(65 + (byte % 26))).join('');
  return `${tag}+DejaVuSans-Bold`;
}

/**
 * A one-page PDF whose page is the scene at `widthMm` millimetres wide: every module, finder and
 * frame is a vector path (a gradient is a PDF shading, a rounded background a clip), frame text is set
 * in the embedded (subset) DejaVu Sans Bold, and a logo supplied as PNG or JPEG bytes is embedded as
 * that image (callers rasterise other kinds first).
 */
export async function sceneToPdf(scene: Scene, widthMm: number, title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setCreator('qrelay');
  pdf.setProducer('qrelay');
  const scale = (widthMm * MM_TO_PT) / scene.width;
  const page = pdf.addPage([scene.width * scale, scene.height * scale]);
  const top = page.getHeight();
  if (scene.rounded) page.pushOperators(...roundedClip(page.getWidth(), top, scene.rounded * scale));
  let font: PDFFont | undefined;
  for (const shape of scene.shapes) {
    if (shape.kind === 'path') {
      if (shape.d === '') continue;
      if (shape.gradient) page.pushOperators(...gradientFill(pdf, page, shape.d, { x: 0, y: top, scale }, shape.gradient));
      else page.drawSvgPath(shape.d, { x: 0, y: top, scale, color: colour(shape.fill), borderWidth: 0 });
    } else if (shape.kind === 'text') {
      if (!font) {
        pdf.registerFontkit(fontkit);
        const texts = scene.shapes.flatMap((s) => (s.kind === 'text' ? [s.text] : []));
        font = await pdf.embedFont(frameFontBytes(), { subset: true, customName: subsetName(texts) });
      }
      let size = shape.size * scale;
      const fits = shape.maxWidth * scale;
      const width = font.widthOfTextAtSize(shape.text, size);
      if (width > fits) size *= fits / width;
      page.drawText(shape.text, {
        x: shape.x * scale - font.widthOfTextAtSize(shape.text, size) / 2,
        y: top - shape.y * scale,
        size,
        font,
        color: colour(shape.fill),
      });
    } else if (shape.art?.type === 'image/png' || shape.art?.type === 'image/jpeg') {
      // The logo's own bytes, fitted into its square keeping the aspect ratio; a logo given only by
      // an address is left as its plate (exports never fetch a remote file).
      const image = shape.art.type === 'image/png' ? await pdf.embedPng(shape.art.bytes) : await pdf.embedJpg(shape.art.bytes);
      const box = shape.size * scale;
      const fit = image.scaleToFit(box, box);
      page.drawImage(image, {
        x: shape.x * scale + (box - fit.width) / 2,
        y: top - shape.y * scale - box + (box - fit.height) / 2,
        width: fit.width,
        height: fit.height,
      });
    }
  }
  if (scene.rounded) page.pushOperators(popGraphicsState());
  return pdf.save({ useObjectStreams: true });
}
