/**
 * The image work, run on a worker thread of the imaging pool: it is the only module that loads the
 * raster, PDF and decoder libraries, so the serving thread never does, and each task loads only its
 * own (a thread that has only checked designs holds no PNG or PDF library). Each task answers a
 * value, or `{ refused }` for a request the caller must correct (an error class does not cross threads).
 */
import type { Design } from '../designs/design.schema.js';
import { InvalidRequest, TooLarge } from '../../lib/errors.js';
import type { ReportFigures } from '../reports/report.types.js';
import type { Finding } from '../symbols/symbol.rules.js';
import type { LogoArt } from '../symbols/symbol.scene.js';
import type { SheetLayout } from '../symbols/symbol.sheet-layout.js';
import type { ImageRequest, SheetDesign, SheetItem } from '../symbols/symbols.types.js';

/** A refusal as it crosses the thread: the error's message and field, and whether it was 413. */
export interface Refusal {
  message: string;
  field?: string;
  tooLarge: boolean;
}

export type Outcome<T> = { value: T } | { refused: Refusal };

async function outcome<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { value: await work() };
  } catch (error) {
    if (!(error instanceof InvalidRequest)) throw error;
    return { refused: { message: error.message, field: error.field, tooLarge: error instanceof TooLarge } };
  }
}

export interface RenderTask {
  value: string;
  design: Design;
  request: ImageRequest;
  name: string;
  art: LogoArt | null;
}

export const render = (t: RenderTask) =>
  outcome(async () => {
    const { renderImage } = await import('../symbols/symbol.image.js');
    return renderImage(t.value, t.design, t.request, t.name, t.art);
  });

export interface CheckTask {
  value: string;
  design: Design;
  extra: Finding[];
  art: LogoArt | undefined;
}

export const check = (t: CheckTask) =>
  outcome(async () => (await import('../symbols/symbol.check.js')).checkDesign(t.value, t.design, t.extra, t.art));

export interface SheetsTask {
  designs: SheetDesign[];
  items: SheetItem[];
  layout: SheetLayout;
  path: string;
}

export const sheets = (t: SheetsTask) =>
  outcome(async () => (await import('../symbols/symbol.sheets.js')).writeSheets(t.designs, t.items, t.layout, t.path));

export const report = async (figures: ReportFigures): Promise<Uint8Array> =>
  (await import('../reports/report.pdf.js')).reportPdf(figures);

/** Bytes arrive as a plain Uint8Array; the sanitiser reads them as a Buffer. */
export const clean = (bytes: Uint8Array) =>
  outcome(async () => {
    const { cleanFile } = await import('../media/media.sanitise.js');
    return cleanFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });

export const warmUp = async () => (await import('../symbols/symbol.check.js')).warmUpCheck();
