import Papa from 'papaparse';
import { MAX_ROWS, type SheetFile } from './bulk-file';

/** Reads a CSV file in the browser (nothing is sent): the header row, then the rows that are not blank. */
export async function readSheetFile(file: File): Promise<SheetFile> {
  const text = await file.text().catch(() => {
    throw new Error('The file could not be read. Choose it again.');
  });
  if (text.includes('\u0000')) throw new Error('This is not a CSV file: save the spreadsheet as “CSV UTF-8” and choose that.');
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { header: false, skipEmptyLines: 'greedy' });
  const broken = parsed.errors.find((e) => e.type === 'Quotes');
  if (broken) throw new Error(`The file is not valid CSV: a quote is not closed (row ${(broken.row ?? 0) + 1}).`);
  const [header, ...rows] = parsed.data;
  if (!header || header.every((name) => !name.trim()))
    throw new Error('The file is empty: it needs a header row, then one row per code.');
  if (rows.length === 0) throw new Error('The file has a header row but no rows under it.');
  if (rows.length > MAX_ROWS)
    throw new Error(
      `The file has ${rows.length.toLocaleString()} rows; at most ${MAX_ROWS.toLocaleString()} fit in one import. Split it.`,
    );
  return { name: file.name, header: header.map((name, i) => name.trim() || `Column ${i + 1}`), rows };
}
