import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fontkit from '@cantoo/fontkit';
import { rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from '@cantoo/pdf-lib';
import { ROOT } from '../../root.js';

/** DejaVu Sans and DejaVu Sans Bold, shipped in `assets/fonts/` and read once: a report fetches nothing. */
const fontFile = (name: string) => fileURLToPath(new URL(`../assets/fonts/${name}`, ROOT));
const fonts: { regular?: Uint8Array; bold?: Uint8Array } = {};
const regularBytes = () => (fonts.regular ??= readFileSync(fontFile('DejaVuSans.ttf')));
const boldBytes = () => (fonts.bold ??= readFileSync(fontFile('DejaVuSans-Bold.ttf')));

/**
 * fontkit, its parsed fonts kept: pdf-lib parses a font's tables anew for each document, most of
 * a report's cost, while a parsed font only caches more as it is used (a subset is made apart).
 */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
const parsed = new WeakMap<Uint8Array, ReturnType<Fontkit['create']>>();
const keptFontkit: Fontkit = {
  create(bytes) {
    let font = parsed.get(bytes);
    if (font === undefined) parsed.set(bytes, (font = fontkit.create(bytes)));
    return font;
  },
};

export const INK = rgb(0.11, 0.13, 0.16);
export const MUTED = rgb(0.38, 0.42, 0.47);
export const RULE = rgb(0.86, 0.88, 0.9);
export const ACCENT = rgb(0.15, 0.39, 0.92);
export const ACCENT_SOFT = rgb(0.82, 0.87, 0.98);

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: RGB;
  /** Where x is: the text's left edge (default), its centre or its right edge. */
  align?: 'left' | 'center' | 'right';
  /** Wider text is cut and ends with an ellipsis. */
  maxWidth?: number;
}

/** A page and the document's two fonts (subsets of what the report sets): what every part of a report draws with. */
export class Pen {
  private constructor(
    readonly page: PDFPage,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {}

  /** Embeds the fonts in `pdf` as subsets (their glyphs only) and adds an A4 page. */
  static async on(pdf: PDFDocument): Promise<Pen> {
    pdf.registerFontkit(keptFontkit);
    const [regular, bold] = await Promise.all([
      pdf.embedFont(regularBytes(), { subset: true }),
      pdf.embedFont(boldBytes(), { subset: true }),
    ]);
    return new Pen(pdf.addPage([595.28, 841.89]), regular, bold);
  }

  width(text: string, style: Pick<TextStyle, 'size' | 'bold'>): number {
    return (style.bold ? this.bold : this.regular).widthOfTextAtSize(text, style.size);
  }

  /** `text` cut to `maxWidth` with an ellipsis (whole characters, so a surrogate pair is never split). */
  fit(text: string, style: TextStyle): string {
    if (style.maxWidth === undefined || this.width(text, style) <= style.maxWidth) return text;
    const chars = [...text];
    while (chars.length > 0 && this.width(`${chars.join('')}…`, style) > style.maxWidth) chars.pop();
    return `${chars.join('').trimEnd()}…`;
  }

  /** Sets one line of text with its baseline at `y` (points from the page's bottom). */
  text(text: string, x: number, y: number, style: TextStyle): void {
    const shown = this.fit(text.replace(/[\r\n\t]+/g, ' '), style);
    const width = this.width(shown, style);
    const left = style.align === 'right' ? x - width : style.align === 'center' ? x - width / 2 : x;
    this.page.drawText(shown, {
      x: left,
      y,
      size: style.size,
      font: style.bold ? this.bold : this.regular,
      color: style.color ?? INK,
    });
  }

  rect(x: number, y: number, width: number, height: number, color: RGB): void {
    this.page.drawRectangle({ x, y, width, height, color, borderWidth: 0 });
  }

  line(x1: number, y1: number, x2: number, y2: number, color = RULE, thickness = 0.75): void {
    this.page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, color, thickness });
  }
}
