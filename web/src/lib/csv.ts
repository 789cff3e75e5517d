import { toCsv, type CsvRow } from './csv-text';
import { saveDownload } from './download';

/** Saves `rows` as a CSV file through the browser's download, made in the page (nothing is sent anywhere). */
export function downloadCsv(filename: string, rows: readonly CsvRow[]): void {
  saveDownload(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }), filename);
}
