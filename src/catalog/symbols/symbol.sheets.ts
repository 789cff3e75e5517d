import { rename, rm } from 'node:fs/promises';
import {
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  PDFDocument,
  setLineWidth,
  setStrokingRgbColor,
  stroke,
  type PDFFont,
  type PDFOperator,
  type PDFPage,
} from '@cantoo/pdf-lib';
import type { Design } from '../designs/design.schema.js';
import { InvalidRequest } from '../../lib/errors.js';
import { embeddableLogo } from './symbol.logo.js';
import { colour, documentAssets, drawScene, MM_TO_PT, type PdfAssets } from './symbol.pdf.js';
import { PdfFile } from './symbol.pdf-file.js';
import { sceneFor } from './symbol.request.js';
import type { LogoArt, Scene } from './symbol.scene.js';
import { CAPTION_TEXT_SHARE, sheetGeometry, type SheetGeometry, type SheetLayout } from './symbol.sheet-layout.js';
import type { SheetDesign, SheetItem } from './symbols.types.js';

export type { SheetDesign, SheetItem } from './symbols.types.js';

const TITLE = 'qrelay label sheets';
/** A caption shrinks to fit its cell down to this size, then loses its end to an ellipsis. */
const CAPTION_MIN_PT = 5;
/** Room kept clear either side of a caption, so neighbouring captions never touch. */
const CAPTION_PADDING_MM = 0.5;
/** Where the caption's baseline sits in its line, from the top: room for accents above, descenders below. */
const CAPTION_BASELINE = 0.72;
const ELLIPSIS = '…';

/** Crop marks: hairlines this thick, this long at most, starting this far from the cell's corner. */
const MARK_WIDTH_PT = 0.25;
const MARK_MM = 4;
const MARK_OFFSET_MM = 0.5;
/** A mark shorter than this (in a gap under about 0.5 mm) is left out. */
const MARK_SHORTEST_MM = 0.2;

const mmToPt = (mm: number) => mm * MM_TO_PT;

/**
 * Label sheets as one PDF at `path`: `items` fill `layout`'s grid left to right, top to bottom, page
 * after page, each cell the code's whole design in vectors, centred and as large as the cell allows,
 * its caption centred under it and crop marks at its corners (in the gaps and margins, never over a
 * symbol). The file is written page by page to `path`.tmp and renamed when complete, so memory stays
 * the same whatever the number of items. 400 when the grid does not fit its paper or a value does
 * not fit a QR symbol.
 */
export async function writeSheets(
  designs: SheetDesign[],
  items: SheetItem[],
  layout: SheetLayout,
  path: string,
): Promise<{ pages: number }> {
  const geometry = sheetGeometry(layout);
  if (items.length === 0) throw new InvalidRequest('There are no codes to put on label sheets.', 'items');
  for (const item of items) {
    if (!Number.isInteger(item.design) || designs[item.design] === undefined) {
      throw new RangeError(`a sheet item names design ${item.design}, and there are ${designs.length}`);
    }
  }
  const captions = layout.caption !== 'none';
  const pdf = await PDFDocument.create();
  pdf.setTitle(TITLE);
  pdf.setCreator('qrelay');
  pdf.setProducer('qrelay');
  const texts = designs.flatMap(({ design }) => (design.frame ? [design.frame.text] : []));
  if (captions) texts.push(...items.map((item) => item.caption));
  const assets = documentAssets(pdf, texts);
  // A logo PDF cannot embed as it is (SVG, GIF, WebP) is rasterised once per design, not per label.
  const logos = new Map<number, LogoArt>();
  const logoOf = (index: number) => {
    const art = designs[index]!.art;
    if (!art) return undefined;
    if (!logos.has(index)) logos.set(index, embeddableLogo(art));
    return logos.get(index);
  };

  const sheet: Sheet = { layout, geometry, captions, assets };
  const temporary = `${path}.tmp`;
  const file = await PdfFile.create(pdf, temporary);
  try {
    const pages = Math.ceil(items.length / geometry.perPage);
    for (let p = 0; p < pages; p++) {
      const page = file.addPage([mmToPt(geometry.pageWidthMm), mmToPt(geometry.pageHeightMm)]);
      const first = p * geometry.perPage;
      const cells = items.slice(first, first + geometry.perPage).map((item, i) => {
        const cell = cellAt(sheet, i);
        return { cell, item, scene: labelScene(item, designs[item.design]!.design, logoOf(item.design), first + i) };
      });
      for (const { cell, item, scene } of cells) await drawLabel(sheet, page, cell, scene, item.caption);
      page.pushOperators(
        ...cropMarks(
          sheet,
          cells.map(({ cell }) => cell),
          page.getHeight(),
        ),
      );
      await file.writePage();
    }
    await file.close();
    await rename(temporary, path);
    return { pages };
  } catch (error) {
    await file.abandon();
    await rm(temporary, { force: true });
    throw error;
  }
}

/** What every label of a document is drawn with. */
interface Sheet {
  layout: SheetLayout;
  geometry: SheetGeometry;
  captions: boolean;
  assets: PdfAssets;
}

/** A cell, in millimetres from the page's top left, and its place in the grid. */
interface Cell {
  left: number;
  top: number;
  right: number;
  bottom: number;
  column: number;
  row: number;
}

function cellAt({ layout, geometry }: Sheet, index: number): Cell {
  const column = index % layout.columns;
  const row = Math.floor(index / layout.columns);
  const left = layout.marginMm + column * (geometry.cellWidthMm + layout.gapMm);
  const top = layout.marginMm + row * (geometry.cellHeightMm + layout.gapMm);
  return { left, top, right: left + geometry.cellWidthMm, bottom: top + geometry.cellHeightMm, column, row };
}

/** The label's symbol; a value too long for a QR symbol is refused naming the label (counted from 1). */
function labelScene(item: SheetItem, design: Design, art: LogoArt | undefined, index: number): Scene {
  try {
    return sceneFor(item.value, design, art ? 'image' : 'plate', art);
  } catch (error) {
    if (error instanceof InvalidRequest) throw new InvalidRequest(`Label ${index + 1}: ${error.message}`, error.field);
    throw error;
  }
}

/** One label: the symbol as large as the cell allows above its caption line, the two centred together in the cell. */
async function drawLabel({ geometry, captions, assets }: Sheet, page: PDFPage, cell: Cell, scene: Scene, caption: string) {
  const [left, top, width, height] = [cell.left, cell.top, geometry.cellWidthMm, geometry.cellHeightMm].map(mmToPt) as [
    number,
    number,
    number,
    number,
  ];
  const line = captions ? mmToPt(geometry.captionMm) : 0;
  const scale = Math.min(width / scene.width, (height - line) / scene.height);
  const drawnTop = top + (height - scene.height * scale - line) / 2;
  const pageHeight = page.getHeight();
  await drawScene(page, scene, { x: left + (width - scene.width * scale) / 2, y: pageHeight - drawnTop, scale }, assets);
  const text = caption.replace(/\p{Cc}+/gu, ' ').trim();
  if (!captions || text === '') return;
  const font = await assets.font(page);
  const fitted = fitCaption(font, text, line * CAPTION_TEXT_SHARE, width - 2 * mmToPt(CAPTION_PADDING_MM));
  page.drawText(fitted.text, {
    x: left + (width - font.widthOfTextAtSize(fitted.text, fitted.size)) / 2,
    y: pageHeight - (drawnTop + scene.height * scale + line * CAPTION_BASELINE),
    size: fitted.size,
    color: colour('#000000'),
  });
}

/** The caption at `size`, or smaller to fit `width`; below the legible size, its end cut off with an ellipsis. */
function fitCaption(font: PDFFont, text: string, size: number, width: number): { text: string; size: number } {
  const natural = font.widthOfTextAtSize(text, size);
  if (natural <= width) return { text, size };
  const shrunk = (size * width) / natural;
  if (shrunk >= CAPTION_MIN_PT) return { text, size: shrunk };
  const chars = [...text];
  const cut = (count: number) => chars.slice(0, count).join('').trimEnd() + ELLIPSIS;
  // The longest start that fits with the ellipsis (the ellipsis alone fits the narrowest cell).
  let low = 0;
  let high = chars.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (font.widthOfTextAtSize(cut(middle), CAPTION_MIN_PT) <= width) low = middle;
    else high = middle - 1;
  }
  return { text: cut(low), size: CAPTION_MIN_PT };
}

/**
 * Crop marks for `cells`: at each corner, a hairline along each of the two edges, pointing away from
 * the cell into the margin or into its half of the gap (the other half is the neighbour's). Outside
 * every cell, so never over a symbol or caption; with no gap, only the marks in the margins are left.
 */
function cropMarks({ layout }: Sheet, cells: Cell[], pageHeight: number): PDFOperator[] {
  const segments = new Map<string, number[]>();
  /** A mark from a corner (x, y) in direction (dx, dy), into the margin (`outer`) or the gap. */
  const mark = (x: number, y: number, dx: number, dy: number, outer: boolean) => {
    const room = outer ? layout.marginMm : layout.gapMm / 2;
    const offset = Math.min(MARK_OFFSET_MM, room / 4);
    // A mark in the margin stops short of the paper's edge, one in the gap may meet its neighbour's.
    const end = Math.min(offset + MARK_MM, outer ? room - offset : room);
    if (end - offset < MARK_SHORTEST_MM) return;
    const points = [x + dx * offset, y + dy * offset, x + dx * end, y + dy * end].map((v) => Math.round(mmToPt(v) * 1000) / 1000);
    // With no gap, neighbours share a corner and would draw the same mark in the margin twice.
    segments.set(points.join(' '), points);
  };
  for (const cell of cells) {
    const [first, last] = [cell.column === 0, cell.column === layout.columns - 1];
    const [top, bottom] = [cell.row === 0, cell.row === layout.rows - 1];
    for (const [x, dx, outerX] of [[cell.left, -1, first] as const, [cell.right, 1, last] as const]) {
      for (const [y, dy, outerY] of [[cell.top, -1, top] as const, [cell.bottom, 1, bottom] as const]) {
        mark(x, y, dx, 0, outerX);
        mark(x, y, 0, dy, outerY);
      }
    }
  }
  if (segments.size === 0) return [];
  const path = [...segments.values()].flatMap(([x1, y1, x2, y2]) => [
    moveTo(x1!, pageHeight - y1!),
    lineTo(x2!, pageHeight - y2!),
  ]);
  return [pushGraphicsState(), setLineWidth(MARK_WIDTH_PT), setStrokingRgbColor(0, 0, 0), ...path, stroke(), popGraphicsState()];
}
