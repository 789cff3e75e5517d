import { MIN_SYMBOL_MM, PAPER_SIZES, sheetGeometry, type SheetGeometry, type SheetLayout } from '@symbols/symbol.sheet-layout';

export { MIN_SYMBOL_MM };
export type Sheet = SheetLayout;
export type Paper = Sheet['paper'];
export type Caption = Sheet['caption'];

/** The bounds of each sheet option, as the service checks them (a margin or gap may be a decimal). */
export const SHEET_BOUNDS = {
  columns: { min: 1, max: 20, step: 1 },
  rows: { min: 1, max: 40, step: 1 },
  marginMm: { min: 0, max: 50, step: 0.5 },
  gapMm: { min: 0, max: 50, step: 0.5 },
} as const;

export interface SheetPage {
  paper: { width: number; height: number };
  cell: { width: number; height: number };
  /** Each cell's top-left corner, row by row. */
  cells: { x: number; y: number }[];
  /** The symbol's side and the caption's line, as the service will draw them; null when the grid does not fit. */
  geometry: SheetGeometry | null;
  /** Why the grid does not fit (a symbol under 10 mm), in the service's words, and the field to change. */
  refusal: { field: 'sheet.columns' | 'sheet.rows'; message: string } | null;
}

/**
 * One page of the grid, measured by the service's own layout code (the same module checks the
 * request and draws sheets.pdf), so the preview, the size shown and any refusal match the run.
 */
export function sheetPage(sheet: Sheet): SheetPage {
  const { widthMm, heightMm } = PAPER_SIZES[sheet.paper];
  const width = (widthMm - 2 * sheet.marginMm - (sheet.columns - 1) * sheet.gapMm) / sheet.columns;
  const height = (heightMm - 2 * sheet.marginMm - (sheet.rows - 1) * sheet.gapMm) / sheet.rows;
  const cells: { x: number; y: number }[] = [];
  for (let r = 0; r < sheet.rows; r += 1)
    for (let c = 0; c < sheet.columns; c += 1)
      cells.push({ x: sheet.marginMm + c * (width + sheet.gapMm), y: sheet.marginMm + r * (height + sheet.gapMm) });
  const page = { paper: { width: widthMm, height: heightMm }, cell: { width, height }, cells };
  try {
    return { ...page, geometry: sheetGeometry(sheet), refusal: null };
  } catch (error) {
    const field = (error as { field?: string }).field;
    if (field !== 'sheet.columns' && field !== 'sheet.rows') throw error;
    return { ...page, geometry: null, refusal: { field, message: (error as Error).message } };
  }
}

/** A length in millimetres as shown: one decimal, no trailing zero. */
export const mm = (value: number): string => `${Number(value.toFixed(1)).toLocaleString()} mm`;
