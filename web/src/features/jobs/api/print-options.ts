import { SHEET_BOUNDS, sheetPage, type Caption, type Paper, type Sheet, type SheetPage } from './sheet-layout';
import type { PrintRunBody } from './start-print-run';

export type Format = PrintRunBody['format'];

/** Each format's size: pixels for images, millimetres for PDF, with the service's bounds. */
export const FORMATS: Record<
  Format,
  { label: string; unit: 'px' | 'mm'; min: number; max: number; start: number; hint: string }
> = {
  svg: { label: 'SVG', unit: 'px', min: 64, max: 4096, start: 1024, hint: 'Vector drawings: sharp at any size.' },
  png: {
    label: 'PNG',
    unit: 'px',
    min: 64,
    max: 4096,
    start: 1024,
    hint: 'Pictures for screens, documents and most print shops.',
  },
  pdf: {
    label: 'PDF',
    unit: 'mm',
    min: 10,
    max: 1000,
    start: 50,
    hint: 'One vector page per code, of the chosen printed width.',
  },
};

/** The options as typed (text, so a half-typed number stays as it is). */
export interface PrintDraft {
  format: Format;
  size: Record<Format, string>;
  sheets: boolean;
  paper: Paper;
  columns: string;
  rows: string;
  marginMm: string;
  gapMm: string;
  caption: Caption;
}

export const startDraft = (): PrintDraft => ({
  format: 'png',
  size: { svg: '1024', png: '1024', pdf: '50' },
  sheets: false,
  paper: 'A4',
  columns: '3',
  rows: '8',
  marginMm: '10',
  gapMm: '4',
  caption: 'name',
});

type SheetNumber = keyof typeof SHEET_BOUNDS;

/** A typed number within its bounds (whole where it must be), or null. */
function within(text: string, min: number, max: number, whole: boolean): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max || (whole && !Number.isInteger(value))) return null;
  return value;
}

export interface ReadDraft {
  size: number | null;
  sheet: Sheet | null;
  /** One page of the sheets, with the symbol's size or why the grid does not fit. */
  page: SheetPage | null;
  /** What is wrong with each field as typed, said beside it. */
  problems: Partial<Record<'size' | SheetNumber, string>>;
}

/** The draft read as numbers, with a sentence for each value out of bounds. */
export function readDraft(draft: PrintDraft): ReadDraft {
  const spec = FORMATS[draft.format];
  const problems: ReadDraft['problems'] = {};
  const size = within(draft.size[draft.format], spec.min, spec.max, true);
  if (size === null) problems.size = `Choose a whole number from ${spec.min} to ${spec.max} ${spec.unit}.`;
  if (!draft.sheets) return { size, sheet: null, page: null, problems };
  const numbers = {} as Record<SheetNumber, number>;
  for (const name of Object.keys(SHEET_BOUNDS) as SheetNumber[]) {
    const { min, max, step } = SHEET_BOUNDS[name];
    const value = within(draft[name], min, max, step === 1);
    if (value === null) problems[name] = `Choose ${step === 1 ? 'a whole number' : 'a number'} from ${min} to ${max}.`;
    else numbers[name] = value;
  }
  if (Object.keys(problems).some((name) => name !== 'size')) return { size, sheet: null, page: null, problems };
  const sheet: Sheet = { paper: draft.paper, caption: draft.caption, ...numbers };
  return { size, sheet, page: sheetPage(sheet), problems };
}
