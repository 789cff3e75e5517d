import { createHash } from 'node:crypto';
import fontkit from '@cantoo/fontkit';
import { PDFDocument, popGraphicsState, rgb, type PDFFont, type PDFImage, type PDFPage } from '@cantoo/pdf-lib';
import { frameFontBytes } from './symbol.assets.js';
import { gradientFill, rgbComponents, roundedClip } from './symbol.pdf-paint.js';
import type { LogoArt, Scene } from './symbol.scene.js';

export const MM_TO_PT = 72 / 25.4;

export const colour = (hex: string) => rgb(...rgbComponents(hex));

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
 * What a document's pages share, embedded on first use and once per document however many symbols
 * are drawn: the frame font (a subset of DejaVu Sans Bold) and each logo.
 */
export interface PdfAssets {
  /** The font, made `page`'s current font (once per page: each time would add a resource entry). */
  font(page: PDFPage): Promise<PDFFont>;
  /** The logo's PNG or JPEG bytes as an image of the document (one embed per `art` object). */
  image(art: LogoArt): Promise<PDFImage>;
}

/** The assets of `pdf`; `texts` is every text the font will set, which names its subset. */
export function documentAssets(pdf: PDFDocument, texts: string[]): PdfAssets {
  let font: Promise<PDFFont> | undefined;
  const pages = new WeakSet<PDFPage>();
  const images = new Map<LogoArt, Promise<PDFImage>>();
  return {
    async font(page) {
      if (!font) {
        pdf.registerFontkit(fontkit);
        font = pdf.embedFont(frameFontBytes(), { subset: true, customName: subsetName(texts) });
      }
      const embedded = await font;
      if (!pages.has(page)) {
        page.setFont(embedded);
        pages.add(page);
      }
      return embedded;
    },
    image(art) {
      let image = images.get(art);
      if (!image) {
        image = art.type === 'image/png' ? pdf.embedPng(art.bytes) : pdf.embedJpg(art.bytes);
        images.set(art, image);
      }
      return image;
    },
  };
}

/** Where a scene goes on a page: its top-left corner in page points (origin bottom left) and points per scene unit. */
export interface Placement {
  x: number;
  y: number;
  scale: number;
}

/**
 * Draws `scene` on `page` at `at`: every module, finder and frame is a vector path (a gradient is a
 * PDF shading, a rounded background a clip), frame text is set in the document's font, and a logo
 * supplied as PNG or JPEG bytes is drawn as that image (callers rasterise other kinds first).
 */
export async function drawScene(page: PDFPage, scene: Scene, at: Placement, assets: PdfAssets): Promise<void> {
  const { x, y: top, scale } = at;
  if (scene.rounded) {
    page.pushOperators(
      ...roundedClip(x, top - scene.height * scale, scene.width * scale, scene.height * scale, scene.rounded * scale),
    );
  }
  for (const shape of scene.shapes) {
    if (shape.kind === 'path') {
      if (shape.d === '') continue;
      if (shape.gradient) page.pushOperators(...gradientFill(page.doc, page, shape.d, { x, y: top, scale }, shape.gradient));
      else page.drawSvgPath(shape.d, { x, y: top, scale, color: colour(shape.fill), borderWidth: 0 });
    } else if (shape.kind === 'text') {
      const font = await assets.font(page);
      let size = shape.size * scale;
      const fits = shape.maxWidth * scale;
      const width = font.widthOfTextAtSize(shape.text, size);
      if (width > fits) size *= fits / width;
      page.drawText(shape.text, {
        x: x + shape.x * scale - font.widthOfTextAtSize(shape.text, size) / 2,
        y: top - shape.y * scale,
        size,
        color: colour(shape.fill),
      });
    } else if (shape.art?.type === 'image/png' || shape.art?.type === 'image/jpeg') {
      // The logo's own bytes, fitted into its square keeping the aspect ratio; a logo given only by
      // an address is left as its plate (exports never fetch a remote file).
      const image = await assets.image(shape.art);
      const box = shape.size * scale;
      const fit = image.scaleToFit(box, box);
      page.drawImage(image, {
        x: x + shape.x * scale + (box - fit.width) / 2,
        y: top - shape.y * scale - box + (box - fit.height) / 2,
        width: fit.width,
        height: fit.height,
      });
    }
  }
  if (scene.rounded) page.pushOperators(popGraphicsState());
}

/**
 * A one-page PDF whose page is the scene at `widthMm` millimetres wide, drawn by `drawScene`, with
 * the font (when the scene sets text) and the logo embedded.
 */
export async function sceneToPdf(scene: Scene, widthMm: number, title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setCreator('qrelay');
  pdf.setProducer('qrelay');
  const scale = (widthMm * MM_TO_PT) / scene.width;
  const page = pdf.addPage([scene.width * scale, scene.height * scale]);
  const texts = scene.shapes.flatMap((s) => (s.kind === 'text' ? [s.text] : []));
  await drawScene(page, scene, { x: 0, y: page.getHeight(), scale }, documentAssets(pdf, texts));
  return pdf.save({ useObjectStreams: true });
}
