/** Paper sizes in millimetres, portrait. */
export const PAPERS = { A4: { width: 210, height: 297 }, Letter: { width: 215.9, height: 279.4 } } as const;
export type Paper = keyof typeof PAPERS;
export type Caption = 'name' | 'shortCode' | 'none';

/** The room a caption takes under its symbol, in millimetres (one line of small text and its gap). */
export const CAPTION_MM = 6;
/** The smallest symbol a sheet may have: smaller ones do not scan reliably once printed. */
export const MIN_SYMBOL_MM = 10;

/** The bounds of each sheet option, as the service checks them. */
export const SHEET_BOUNDS = {
  columns: { min: 1, max: 20, step: 1 },
  rows: { min: 1, max: 40, step: 1 },
  marginMm: { min: 0, max: 50, step: 0.5 },
  gapMm: { min: 0, max: 50, step: 0.5 },
} as const;

export interface Sheet {
  paper: Paper;
  columns: number;
  rows: number;
  marginMm: number;
  gapMm: number;
  caption: Caption;
}

export interface SheetLayout {
  paper: { width: number; height: number };
  cell: { width: number; height: number };
  /** The symbol's side: the cell's width, or its height less the caption's room, whichever is less. */
  symbol: number;
  /** Which of the grid's dimensions bounds the symbol. */
  limitedBy: 'columns' | 'rows';
  /** Each cell's top-left corner, row by row. */
  cells: { x: number; y: number }[];
}

/** One page of the grid: cells between the margins, gaps between them, a symbol centred at the top of each. */
export function sheetLayout(sheet: Sheet): SheetLayout {
  const paper = PAPERS[sheet.paper];
  const width = (paper.width - 2 * sheet.marginMm - (sheet.columns - 1) * sheet.gapMm) / sheet.columns;
  const height = (paper.height - 2 * sheet.marginMm - (sheet.rows - 1) * sheet.gapMm) / sheet.rows;
  const room = height - (sheet.caption === 'none' ? 0 : CAPTION_MM);
  const cells: { x: number; y: number }[] = [];
  for (let r = 0; r < sheet.rows; r += 1)
    for (let c = 0; c < sheet.columns; c += 1)
      cells.push({ x: sheet.marginMm + c * (width + sheet.gapMm), y: sheet.marginMm + r * (height + sheet.gapMm) });
  return {
    paper,
    cell: { width, height },
    symbol: Math.max(0, Math.min(width, room)),
    limitedBy: width <= room ? 'columns' : 'rows',
    cells,
  };
}

/** A length in millimetres as shown: one decimal, no trailing zero. */
export const mm = (value: number): string => `${Number(value.toFixed(1)).toLocaleString()} mm`;
