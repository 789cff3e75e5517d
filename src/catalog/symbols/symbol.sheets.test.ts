import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFStream,
  type PDFPage,
} from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { validDesign } from '../designs/design.schema.js';
import type { LogoArt } from './symbol.scene.js';
import { sheetGeometry, type SheetLayout } from './symbol.sheet-layout.js';
import { writeSheets, type SheetDesign, type SheetItem } from './symbol.sheets.js';

const MM = 72 / 25.4;
const LAYOUT: SheetLayout = { paper: 'A4', columns: 2, rows: 3, marginMm: 10, gapMm: 6, caption: 'name' };
const DESIGNS: SheetDesign[] = [
  { design: validDesign({}), art: null },
  { design: validDesign({ frame: { style: 'banner-bottom', text: 'Scan me', colour: '#1D3557' } }), art: null },
  {
    design: validDesign({
      moduleStyle: 'dots',
      cornerStyle: 'dot',
      gradient: { colour: '#E63946', direction: 'diagonal' },
      backgroundRadius: 3,
    }),
    art: null,
  },
];
const LONG_CAPTION = `A caption far too long for any label, ${'which goes on and on '.repeat(6)}until it has to stop somewhere`;
const ITEMS: SheetItem[] = Array.from({ length: 7 }, (_, i) => ({
  value: `https://q.example/abc${1000 + i}`,
  design: i % DESIGNS.length,
  caption: i === 5 ? LONG_CAPTION : `Crate ${i + 1}`,
}));

const LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><circle cx="60" cy="60" r="58" fill="#1D3557"/><circle cx="60" cy="60" r="40" fill="none" stroke="#F4A261" stroke-width="14"/></svg>',
);
const ART: LogoArt = { type: 'image/svg+xml', bytes: LOGO, href: `data:image/svg+xml;base64,${LOGO.toString('base64')}` };

const scratchDir = () => mkdtempSync(join(tmpdir(), 'qrelay-sheets-'));

/**
 * Poppler and zbarimg, as test/support/decoders.ts uses them (a test under src/ cannot import it):
 * without them the test is skipped; CI has them (TEST_REQUIRE_ALL, test/support/global-setup.ts).
 */
function tool(name: string, skip: (note: string) => never): string {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : skip(`${name} is not installed (apt-get install zbar-tools poppler-utils)`);
}

/** The texts of the QR symbols zbarimg finds on each page of the PDF at `path`, rasterised at 150 dpi. */
function decodePages(path: string, skip: (note: string) => never): string[][] {
  const dir = scratchDir();
  execFileSync(tool('pdftoppm', skip), ['-r', '150', '-png', path, join(dir, 'page')]);
  // poppler pads the page numbers to one width, so the names sort in page order.
  const pages = readdirSync(dir).sort();
  return pages.map((page) => {
    // Exit status 4: no symbol found.
    const run = spawnSync(tool('zbarimg', skip), ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', join(dir, page)], {
      encoding: 'utf8',
    });
    if (run.status !== 0 && run.status !== 4) throw new Error(`zbarimg failed (${run.status}): ${run.stderr}`);
    return run.stdout
      .split('\n')
      .filter((line) => line !== '')
      .sort();
  });
}

const pdfText = (path: string, skip: (note: string) => never) =>
  execFileSync(tool('pdftotext', skip), [path, '-'], { encoding: 'utf8' });

/** Every indirect dictionary of a PDF (streams' dictionaries included). */
function pdfDicts(pdf: PDFDocument): PDFDict[] {
  const objects = pdf.context.enumerateIndirectObjects().map(([, object]) => object);
  return objects.map((o) => (o instanceof PDFStream ? o.dict : o)).filter((o): o is PDFDict => o instanceof PDFDict);
}

const subtype = (pdf: PDFDocument, name: string) =>
  pdfDicts(pdf).filter((d) => d.get(PDFName.of('Subtype')) === PDFName.of(name) || d.has(PDFName.of(name)));

/** The crop marks of a page, in millimetres from its top left: the segments of its one stroked path of 0.25 pt lines. */
function cropMarks(pdf: PDFDocument, page: PDFPage): [number, number, number, number][] {
  const contents = (page.node.Contents() as PDFArray).lookup(0) as PDFRawStream;
  const text = Buffer.from(decodePDFRawStream(contents).decode()).toString('latin1');
  const block = /\n0\.25 w\n0 0 0 RG\n([\s\S]*?)S\n/.exec(text)?.[1] ?? '';
  const points = [...block.matchAll(/(-?[\d.]+) (-?[\d.]+) [ml]\n/g)].map((m) => [
    Number(m[1]) / MM,
    (page.getHeight() - Number(m[2])) / MM,
  ]);
  const segments: [number, number, number, number][] = [];
  for (let i = 0; i < points.length; i += 2)
    segments.push([...points[i]!, ...points[i + 1]!] as [number, number, number, number]);
  return segments;
}

/** The cells of a full page of `layout`, as [left, top, right, bottom] in millimetres. */
function cells(layout: SheetLayout): [number, number, number, number][] {
  const g = sheetGeometry(layout);
  return Array.from({ length: g.perPage }, (_, i) => {
    const left = layout.marginMm + (i % layout.columns) * (g.cellWidthMm + layout.gapMm);
    const top = layout.marginMm + Math.floor(i / layout.columns) * (g.cellHeightMm + layout.gapMm);
    return [left, top, left + g.cellWidthMm, top + g.cellHeightMm];
  });
}

/** Whether the segment comes inside the rectangle (touching its edge does not count). */
const crosses = ([x1, y1, x2, y2]: number[], [l, t, r, b]: number[]) =>
  Math.max(x1!, x2!) > l! + 1e-6 &&
  Math.min(x1!, x2!) < r! - 1e-6 &&
  Math.max(y1!, y2!) > t! + 1e-6 &&
  Math.min(y1!, y2!) < b! - 1e-6;

describe('label sheets', () => {
  it('fill the grid page after page with vector symbols that each decode once, captions under them and the font embedded once', async ({
    skip,
  }) => {
    const path = join(scratchDir(), 'sheets.pdf');
    expect(await writeSheets(DESIGNS, ITEMS, LAYOUT, path)).toEqual({ pages: 2 });
    expect(readdirSync(join(path, '..'))).toEqual(['sheets.pdf']);

    const bytes = readFileSync(path);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getTitle()).toBe('qrelay label sheets');
    for (const page of pdf.getPages()) expect([page.getWidth() / MM, page.getHeight() / MM].map(Math.round)).toEqual([210, 297]);
    // Vectors only: no image anywhere; one subset of the one font for every caption and frame.
    expect(subtype(pdf, 'Image')).toEqual([]);
    const fonts = subtype(pdf, 'FontFile2');
    expect(fonts).toHaveLength(1);
    expect(fonts[0]!.get(PDFName.of('FontName'))?.toString()).toMatch(/^\/[A-Z]{6}\+DejaVuSans-Bold$/);

    // Every value decodes once across the pages, each on its page.
    expect(decodePages(path, skip)).toEqual([ITEMS.slice(0, 6).map((i) => i.value), [ITEMS[6]!.value]]);

    const text = pdfText(path, skip);
    for (const item of ITEMS.filter((i) => i.caption !== LONG_CAPTION)) expect(text).toContain(item.caption);
    expect(text).toContain('Scan me');
    // Too long even at the smallest size: the start of it, then an ellipsis.
    expect(text).toMatch(/A caption far too long[^\n]*…/);
    expect(text).not.toContain('stop somewhere');
  });

  it('puts crop marks at the corners of the labels drawn, in the gaps and margins and never over a cell', async () => {
    const path = join(scratchDir(), 'marks.pdf');
    await writeSheets(DESIGNS, ITEMS, LAYOUT, path);
    const pdf = await PDFDocument.load(readFileSync(path));
    const grid = cells(LAYOUT);
    const [full, last] = pdf.getPages().map((page) => cropMarks(pdf, page));
    // Each corner of each cell: one mark along each edge.
    expect(full).toHaveLength(6 * 8);
    expect(last).toHaveLength(8);
    for (const segment of [...full!, ...last!]) for (const cell of grid) expect(crosses(segment, cell)).toBe(false);
    for (const [x1, y1, x2, y2] of full!) {
      expect(Math.min(x1, x2, y1, y2)).toBeGreaterThan(0);
      expect(Math.max(x1, x2)).toBeLessThan(210);
      expect(Math.max(y1, y2)).toBeLessThan(297);
    }
  });

  it('with no gap, draws the marks only in the margins', async ({ skip }) => {
    const layout: SheetLayout = { paper: 'Letter', columns: 3, rows: 4, marginMm: 8, gapMm: 0, caption: 'none' };
    const path = join(scratchDir(), 'no-gap.pdf');
    await writeSheets(DESIGNS, ITEMS.concat(ITEMS).slice(0, 12), layout, path);
    const pdf = await PDFDocument.load(readFileSync(path));
    const marks = cropMarks(pdf, pdf.getPage(0));
    expect(marks.length).toBeGreaterThan(0);
    const inner = [8, 8, 215.9 - 8, 279.4 - 8];
    for (const segment of marks) expect(crosses(segment, inner)).toBe(false);
    // Each cut line marked once at each end: 4 vertical lines top and bottom, 5 horizontal lines left and right.
    expect(marks).toHaveLength(2 * 4 + 2 * 5);
    // No captions: only the frames' text.
    const text = pdfText(path, skip);
    expect(text.match(/Scan me/g)).toHaveLength(4);
    expect(text).not.toContain('Crate');
  });

  it('embeds a logo once for all the labels of its design, and its symbols still decode', async ({ skip }) => {
    const logo: SheetDesign = {
      design: validDesign({ errorCorrection: 'H', logo: { url: 'https://q.example/media/l.svg', size: 0.2 } }),
      art: ART,
    };
    const items = Array.from({ length: 4 }, (_, i) => ({ value: `https://q.example/logo${i}`, design: 0, caption: `Logo ${i}` }));
    const path = join(scratchDir(), 'logo.pdf');
    expect(await writeSheets([logo], items, LAYOUT, path)).toEqual({ pages: 1 });
    const pdf = await PDFDocument.load(readFileSync(path));
    // One image (a PNG's alpha is its soft mask, a second image object).
    const images = subtype(pdf, 'Image');
    expect(images.filter((image) => image.has(PDFName.of('SMask')))).toHaveLength(1);
    expect(images).toHaveLength(2);
    expect(decodePages(path, skip)).toEqual([items.map((i) => i.value)]);
  });

  it('refuses a grid that does not fit or a value too long for a symbol, and leaves no file behind', async () => {
    const dir = scratchDir();
    const path = join(dir, 'refused.pdf');
    await expect(writeSheets(DESIGNS, ITEMS, { ...LAYOUT, columns: 20 }, path)).rejects.toMatchObject({ field: 'sheet.columns' });
    const tooLong = [...ITEMS, { value: `https://q.example/${'x'.repeat(8000)}`, design: 0, caption: 'Long' }];
    await expect(writeSheets(DESIGNS, tooLong, LAYOUT, path)).rejects.toMatchObject({
      code: 'invalid_request',
      field: 'value',
      message: expect.stringMatching(/^Label 8: The value is too long/),
    });
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});
