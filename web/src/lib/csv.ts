import { toCsv, type CsvRow } from './csv-text';
import { saveDownload } from './download';
import { safeFileName } from './file-name';

/**
 * Saves `rows` as a CSV file through the browser's download, made in the page (nothing is sent
 * anywhere); the name, often made of a code's or folder's name, is made safe (no spaces).
 */
export function downloadCsv(filename: string, rows: readonly CsvRow[]): void {
  saveDownload(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }), safeFileName(filename));
}
