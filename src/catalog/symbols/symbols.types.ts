import type { Design } from '../designs/design.schema.js';
import type { ScannabilityReport } from './symbol.report.js';
import type { Finding } from './symbol.rules.js';
import type { LogoArt } from './symbol.scene.js';
import type { SheetLayout } from './symbol.sheet-layout.js';

export const IMAGE_FORMATS = ['svg', 'png', 'pdf'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** `size`: the image width in pixels (SVG, PNG) or millimetres (PDF); bounds and defaults per format. */
export const IMAGE_SIZE = {
  svg: { min: 64, max: 4096, fallback: 1024, unit: 'px' },
  png: { min: 64, max: 4096, fallback: 1024, unit: 'px' },
  pdf: { min: 10, max: 1000, fallback: 50, unit: 'mm' },
} as const;
export const IMAGE_SIZE_MAX = 4096;

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  pdf: 'application/pdf',
};

export interface ImageRequest {
  format: ImageFormat;
  size?: number;
}

export interface SymbolImage {
  body: Uint8Array | string;
  format: ImageFormat;
  contentType: string;
  /** A file name (ASCII) for Content-Disposition, from the code's name. */
  fileName: string;
  /** The code's name, which the file name is made from (a PDF's title). */
  name: string;
  etag: string;
  report: ScannabilityReport;
}

/** Where symbols are drawn and checked: the imaging threads. */
export interface SymbolPainter {
  renderImage(value: string, design: Design, request: ImageRequest, name: string, art: LogoArt | null): Promise<SymbolImage>;
  checkDesign(value: string, design: Design, extra?: Finding[], art?: LogoArt): Promise<ScannabilityReport>;
}

/** A design used on label sheets, with its logo's bytes (null: the logo's plate is left clear). */
export interface SheetDesign {
  design: Design;
  art: LogoArt | null;
}

/** One label: the value its symbol encodes, its design (an index into the designs) and the caption under it. */
export interface SheetItem {
  value: string;
  design: number;
  caption: string;
}

/** Where label sheets are drawn: the imaging threads, which write the PDF to `path`. */
export interface SheetPainter {
  drawSheets(designs: SheetDesign[], items: SheetItem[], layout: SheetLayout, path: string): Promise<{ pages: number }>;
}
