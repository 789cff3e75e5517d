/**
 * The grid of a print run's label sheets and its checks, kept free of any PDF library so the serving
 * thread can refuse a grid that does not fit (400) before a job starts; the imaging thread draws it.
 */
import { InvalidRequest } from '../../lib/errors.js';

/** A label sheet: `columns` × `rows` cells on the paper within its margins, `gapMm` apart, a caption under each symbol or none. */
export interface SheetLayout {
  paper: 'A4' | 'Letter';
  columns: number;
  rows: number;
  marginMm: number;
  gapMm: number;
  caption: 'name' | 'shortCode' | 'none';
}

/** Sizes on one sheet, in millimetres. */
export interface SheetGeometry {
  pageWidthMm: number;
  pageHeightMm: number;
  /** A cell is what is cut out: the symbol and its caption, centred; cells are `gapMm` apart. */
  cellWidthMm: number;
  cellHeightMm: number;
  /** Side of the largest square the symbol may take in its cell, above the caption. */
  symbolMm: number;
  /** Height of the caption's line under the symbol (0 without captions). */
  captionMm: number;
  perPage: number;
}

export const PAPER_SIZES = {
  A4: { widthMm: 210, heightMm: 297 },
  Letter: { widthMm: 215.9, heightMm: 279.4 },
} as const;

export const SHEET_BOUNDS = {
  columns: { min: 1, max: 20 },
  rows: { min: 1, max: 40 },
  marginMm: { min: 0, max: 50 },
  gapMm: { min: 0, max: 50 },
} as const;

/** Below this a printed symbol is hard for a phone to read. */
export const MIN_SYMBOL_MM = 10;

/**
 * The caption's line: a tenth of the cell's shorter side, from 4 mm (room for 8 pt text) to 8 mm, so
 * small labels keep legible text and large ones a caption in proportion. Its text is 70% of the line.
 */
const CAPTION_MIN_MM = 4;
const CAPTION_MAX_MM = 8;
const CAPTION_SHARE = 0.1;
export const CAPTION_TEXT_SHARE = 0.7;

const captionHeight = (cellWidthMm: number, cellHeightMm: number) =>
  Math.min(CAPTION_MAX_MM, Math.max(CAPTION_MIN_MM, CAPTION_SHARE * Math.min(cellWidthMm, cellHeightMm)));

/** Tolerance for sums of decimal millimetres that should meet exactly. */
const EPSILON = 1e-9;

/** A length for a message: at most one decimal (`down`: never above the value, for an "at most"). */
const mm = (value: number, down = false) => {
  const tenths = down ? Math.floor(value * 10 + EPSILON) : Math.round(value * 10);
  return `${tenths / 10} mm`;
};

function checkBounds(layout: SheetLayout): void {
  for (const field of ['columns', 'rows'] as const) {
    const { min, max } = SHEET_BOUNDS[field];
    const value = layout[field];
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new InvalidRequest(`sheet.${field} must be a whole number from ${min} to ${max}.`, `sheet.${field}`);
    }
  }
  for (const field of ['marginMm', 'gapMm'] as const) {
    const { min, max } = SHEET_BOUNDS[field];
    const value = layout[field];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
      throw new InvalidRequest(`sheet.${field} must be ${min} to ${max} (mm).`, `sheet.${field}`);
    }
  }
  if (!Object.hasOwn(PAPER_SIZES, layout.paper)) {
    throw new InvalidRequest('sheet.paper must be A4 or Letter.', 'sheet.paper');
  }
  if (!['name', 'shortCode', 'none'].includes(layout.caption)) {
    throw new InvalidRequest('sheet.caption must be name, shortCode or none.', 'sheet.caption');
  }
}

/**
 * Why `count` cells of at least `least` mm do not fit along a side of `side` mm, and what would:
 * fewer cells, narrower gaps or narrower margins.
 */
function tooMany(
  what: { field: 'columns' | 'rows'; along: string; measure: string; tail: string },
  count: number,
  cell: number,
  least: number,
  side: number,
  layout: SheetLayout,
): InvalidRequest {
  const { marginMm: margin, gapMm: gap } = layout;
  const fit = Math.floor((side - 2 * margin + gap + EPSILON) / (least + gap));
  const ways = [fit === 0 ? `no ${what.field} fit` : `at most ${fit} ${what.field} fit`];
  const gapRoom = count > 1 ? (side - 2 * margin - count * least) / (count - 1) : -1;
  if (gap > 0 && gapRoom >= 0) ways.push(`${count} ${what.field} fit with gaps of at most ${mm(gapRoom, true)}`);
  const marginRoom = (side - count * least - (count - 1) * gap) / 2;
  if (margin > 0 && marginRoom >= 0) ways.push(`${count} ${what.field} fit with margins of at most ${mm(marginRoom, true)}`);
  return new InvalidRequest(
    `${count} ${what.field} do not fit ${what.along} ${layout.paper} (${side} mm) with ${mm(margin)} margins and ` +
      `${mm(gap)} gaps: ${cell > 0 ? `each symbol would be ${mm(cell)} ${what.measure}` : 'no room is left for a symbol'}` +
      `${what.tail}, and the smallest is ${MIN_SYMBOL_MM} mm. ` +
      `${ways.join('; or ')}.`.replace(/^./, (c) => c.toUpperCase()),
    `sheet.${what.field}`,
  );
}

/**
 * The sizes of `layout`'s cells, or 400 naming the field to change when the values are out of
 * bounds or a symbol would come out smaller than 10 mm (with a message saying what would fit).
 */
export function sheetGeometry(layout: SheetLayout): SheetGeometry {
  checkBounds(layout);
  const { widthMm: pageWidthMm, heightMm: pageHeightMm } = PAPER_SIZES[layout.paper];
  const { columns, rows, marginMm, gapMm } = layout;
  const cellWidthMm = (pageWidthMm - 2 * marginMm - (columns - 1) * gapMm) / columns;
  const cellHeightMm = (pageHeightMm - 2 * marginMm - (rows - 1) * gapMm) / rows;
  if (cellWidthMm + EPSILON < MIN_SYMBOL_MM) {
    throw tooMany(
      { field: 'columns', along: 'across', measure: 'wide', tail: '' },
      columns,
      cellWidthMm,
      MIN_SYMBOL_MM,
      pageWidthMm,
      layout,
    );
  }
  const captioned = layout.caption !== 'none';
  const captionMm = captioned ? captionHeight(cellWidthMm, cellHeightMm) : 0;
  if (cellHeightMm - captionMm + EPSILON < MIN_SYMBOL_MM) {
    // A cell this short always has the smallest caption line.
    const least = MIN_SYMBOL_MM + (captioned ? CAPTION_MIN_MM : 0);
    const tail = captioned ? ` above its ${mm(captionMm)} caption` : '';
    throw tooMany(
      { field: 'rows', along: 'down', measure: 'tall', tail },
      rows,
      cellHeightMm - captionMm,
      least,
      pageHeightMm,
      layout,
    );
  }
  return {
    pageWidthMm,
    pageHeightMm,
    cellWidthMm,
    cellHeightMm,
    symbolMm: Math.min(cellWidthMm, cellHeightMm - captionMm),
    captionMm,
    perPage: columns * rows,
  };
}
