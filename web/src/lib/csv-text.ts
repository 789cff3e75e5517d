export type CsvRow = readonly (string | number | null)[];

/** One cell of a CSV file: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const toCsv = (rows: readonly CsvRow[]): string => `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
