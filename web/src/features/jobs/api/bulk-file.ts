import { FIELDS, type Mapping } from './columns';
import type { Choice } from './get-choices';

/** The most rows the service takes in one file. */
export const MAX_ROWS = 100_000;

/** A file as read in the browser: its header and its rows (blank lines left out, as the service does). */
export interface SheetFile {
  name: string;
  header: string[];
  rows: string[][];
}

/** A value the service reads as it is: quoted when it must be, never altered (unlike a download for a spreadsheet). */
const cell = (value: string) => (/[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value);

/** The id of a folder or template a cell names by id or by name (any case); otherwise the cell as it is, for the service to refuse. */
function resolve(value: string, choices: readonly Choice[]): string {
  const wanted = value.trim().toLowerCase();
  if (!wanted) return '';
  return (
    (choices.find((c) => c.id.toLowerCase() === wanted) ?? choices.find((c) => c.name.trim().toLowerCase() === wanted))?.id ??
    value.trim()
  );
}

/** The mapped value of one row's field, as it will be sent. */
export function fieldValue(
  row: readonly string[],
  mapping: Mapping,
  key: keyof Mapping,
  choices: { folders: readonly Choice[]; templates: readonly Choice[] },
): string {
  const index = mapping[key];
  const raw = index === null ? '' : (row[index] ?? '');
  if (key === 'folderId') return resolve(raw, choices.folders);
  if (key === 'templateId') return resolve(raw, choices.templates);
  if (key === 'mode') return raw.trim().toLowerCase();
  if (key === 'url' || key === 'shortCode') return raw.trim();
  return raw;
}

/**
 * The file re-written with the header the service reads (`name,url,...`, only the mapped fields) and
 * each row's mapped values, folders and templates named by id; row N stays row N.
 */
export function canonicalCsv(
  file: SheetFile,
  mapping: Mapping,
  choices: { folders: readonly Choice[]; templates: readonly Choice[] },
): string {
  const keys = FIELDS.map((f) => f.key).filter((key) => mapping[key] !== null);
  const lines = [keys.join(',')];
  for (const row of file.rows) lines.push(keys.map((key) => cell(fieldValue(row, mapping, key, choices))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
