import { toCsv, type CsvRow } from './csv-text';

/** Saves `rows` as a CSV file through the browser's download, made in the page (nothing is sent anywhere). */
export function downloadCsv(filename: string, rows: readonly CsvRow[]): void {
  const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
