import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { CsvError, parse, type CastingContext } from 'csv-parse';
import { FileProblem } from '../../bulk/bulk.rows.js';
import type { ImportRecord } from '../import.types.js';
import { columnFields, fits, normaliseName, recognise, type ExportHeaders, type HeaderVariant } from './headers.js';

/** A data row's fields by name: the trimmed text, or null when the cell is empty, absent or SQL's NULL. */
export type RowFields<F extends string> = (field: F) => string | null;

export interface ExportReader<F extends string> {
  headers: ExportHeaders<F>;
  /**
   * One data row as a record (or what is wrong with it). `row` counts data rows from 1; `column` is a field's
   * column as the file's header names it (for messages).
   */
  toRecord(row: number, fields: RowFields<F>, variant: HeaderVariant<F>, column: (field: F) => string): ImportRecord;
  /** Database dumps write NULL (or \N) unquoted for an empty column: read those as empty. */
  sqlNulls?: boolean;
  /** A file that starts with data, no header (a database dump saved without column names): its columns. */
  headerless?: { columns: readonly F[]; startsWithData(record: readonly string[]): boolean };
}

/** A row the parser could not read, in its place among the rows. */
interface Skipped {
  skipped: CsvError;
}

/** The error record of a row without a destination: `column` is the product's name for it. */
export const noDestination = (row: number, column: string): ImportRecord => ({
  row,
  error: { row, field: 'url', message: `The row has no destination: its "${column}" is empty.` },
});

/** Stops before a reader holds a header of absurd width (a binary file that happens to be valid UTF-8). */
const MAX_COLUMNS = 200;

/**
 * Reads one product's CSV export a row at a time (memory stays flat). A file that is not UTF-8 text, has
 * another product's header, or is cut short throws FileProblem (field `file`); a row that cannot be
 * read (a field count unlike the header's, no destination) is yielded as an error and reading goes on.
 */
export async function* readExport<F extends string>(path: string, reader: ExportReader<F>): AsyncGenerator<ImportRecord> {
  const { headers } = reader;
  const tail = { last: '' };
  const file = createReadStream(path);
  const text = utf8Text(tail);
  // A malformed row is skipped by the parser and put in its place as a Skipped, so the rows before it, still in the
  // parser's buffer, are read first and reading can go on after it.
  const records = parse({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: false,
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined) => {
      if (error) records.push({ skipped: error } satisfies Skipped);
    },
    ...(reader.sqlNulls ? { cast: sqlNull } : {}),
  });
  // .pipe() passes data on, not errors: the parser is told of both, so the loop below ends with them.
  file.on('error', (error) => records.destroy(error));
  text.on('error', (error) => records.destroy(error));
  file.pipe(text).pipe(records);
  let fields: (F | null)[] | null = null;
  let variant: HeaderVariant<F> | null = null;
  let pending: (string | null)[] | null = null;
  let row = 0;
  let names = new Map<F, string>();
  const column = (field: F) => names.get(field) ?? variant?.columns[field][0] ?? field;

  const convert = (record: (string | null)[], last: boolean): ImportRecord => {
    row += 1;
    const width = fields!.length;
    if (record.length !== width) {
      if (last && record.length < width && !/[\r\n]$/.test(tail.last)) {
        throw new FileProblem(
          `The file ends in the middle of row ${row} (${record.length} of the header's ${width} columns): it was cut short; export it again.`,
          'file',
        );
      }
      return { row, error: { row, field: '', message: `The row has ${record.length} fields; the header has ${width}.` } };
    }
    const values = new Map<F, string>();
    fields!.forEach((field, i) => {
      const value = record[i];
      if (field === null || values.has(field) || typeof value !== 'string') return;
      const trimmed = value.trim();
      if (trimmed !== '') values.set(field, trimmed);
    });
    return reader.toRecord(row, (field) => values.get(field) ?? null, variant!, column);
  };

  try {
    try {
      for await (const record of records as AsyncIterable<(string | null)[] | Skipped>) {
        if (!Array.isArray(record)) {
          const { code, message } = record.skipped;
          const cut = code === 'CSV_QUOTE_NOT_CLOSED';
          if (fields === null) {
            throw new FileProblem(
              cut
                ? 'The file ends inside a quoted field of its header row: it was cut short or a quote is missing; export it again.'
                : `The file's header row is not valid CSV: ${message}`,
              'file',
            );
          }
          if (pending !== null) yield convert(pending, false);
          pending = null;
          row += 1;
          if (cut) {
            throw new FileProblem(
              `The file ends inside a quoted field of row ${row}: it was cut short or a quote is missing; export it again.`,
              'file',
            );
          }
          yield { row, error: { row, field: '', message: `The row is not valid CSV: ${message}` } };
          continue;
        }
        if (fields === null) {
          if (record.length > MAX_COLUMNS)
            throw new FileProblem(`The file's first row has ${record.length} columns: it is not a ${headers.product}.`, 'file');
          const header = record.map((name) => name ?? '');
          if (reader.headerless?.startsWithData(header)) {
            variant = headers.variants[0]!;
            fields = [...reader.headerless.columns];
            pending = record;
          } else {
            variant = matchHeader(headers, header);
            fields = columnFields(variant, header);
            names = new Map();
            fields.forEach((field, i) => field !== null && !names.has(field) && names.set(field, header[i]!.trim()));
          }
          continue;
        }
        if (pending !== null) yield convert(pending, false);
        pending = record;
      }
    } catch (error) {
      // Not a CSV error (the file could not be opened or read): not the person's to fix.
      if (error instanceof FileProblem || !(error instanceof CsvError)) throw error;
      const where = fields === null ? 'its header row' : `row ${row + 1}`;
      throw new FileProblem(`The file is not valid CSV at ${where}: ${error.message}`, 'file');
    }
    if (pending !== null) yield convert(pending, true);
    if (fields === null) throw new FileProblem(`The file is empty: a ${headers.product} starts with its header row.`, 'file');
  } finally {
    // A reader stopped early (or failed) leaves no file open.
    file.destroy();
    text.destroy();
    records.destroy();
  }
}

/** The variant the header is, or FileProblem naming what was expected and what was found. */
function matchHeader<F extends string>(headers: ExportHeaders<F>, header: readonly string[]): HeaderVariant<F> {
  const found = header.map((name) => name.trim());
  if (found.length === 1 && /[;\t]/.test(found[0]!)) {
    const separator = found[0]!.includes(';') ? 'semicolons' : 'tabs';
    throw new FileProblem(`The file's columns are separated by ${separator}: save it as CSV with commas.`, 'file');
  }
  const variant = headers.variants.find((candidate) => fits(candidate, found));
  const unknown = headers.strict && variant ? found.find((_, i) => columnFields(variant, found)[i] === null) : undefined;
  if (variant && unknown === undefined) {
    if (headers.strict) refuseRepeats(variant, found);
    return variant;
  }
  const other = recognise(found, headers.source);
  const shown =
    found.length === 0
      ? 'nothing'
      : found
          .slice(0, 10)
          .map((name) => `"${name.slice(0, 40)}"`)
          .join(', ') + (found.length > 10 ? ', …' : '');
  const hint = other ? ` It looks like a ${other.product}: choose ${other.source} as the source.` : '';
  if (variant && unknown !== undefined) {
    throw new FileProblem(
      `The header has a column "${unknown.slice(0, 40)}" that a ${headers.product} does not have; its columns are ${columnList(variant)}.${hint}`,
      'file',
    );
  }
  throw new FileProblem(
    `This is not a ${headers.product}: its header needs ${expected(headers)}; found ${shown}.${hint}`,
    'file',
  );
}

/** `"long_url" (or "Long URL", "Destination URL") and "link" (or …)`: the required columns, as messages name them. */
function expected(headers: ExportHeaders): string {
  const variant = headers.variants[0]!;
  return variant.required
    .map((group) => {
      const [first, ...others] = group.flatMap((field) => variant.columns[field] ?? []).slice(0, 3);
      return `"${first}"${others.length > 0 ? ` (or ${others.map((name) => `"${name}"`).join(', ')})` : ''}`;
    })
    .join(' and ');
}

/** Every column of a variant: `"url", "shortCode" and "name" (or "title")`. */
function columnList(variant: HeaderVariant): string {
  const names = Object.values<readonly string[]>(variant.columns).map(
    ([first, ...others]) => `"${first}"${others.length > 0 ? ` (or ${others.map((name) => `"${name}"`).join(', ')})` : ''}`,
  );
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');
}

function refuseRepeats(variant: HeaderVariant, header: readonly string[]): void {
  const seen = new Map<string, string>();
  columnFields(variant, header).forEach((field, i) => {
    if (field === null) return;
    const earlier = seen.get(field);
    if (earlier !== undefined) {
      const same = normaliseName(earlier) === normaliseName(header[i]!);
      throw new FileProblem(
        same
          ? `The header names the column "${earlier}" twice.`
          : `The header has both "${earlier}" and "${header[i]}": keep one.`,
        'file',
      );
    }
    seen.set(field, header[i]!);
  });
}

/** An unquoted NULL or \N is SQL's null in a database dump; a quoted "NULL" is text. */
function sqlNull(value: string, context: CastingContext): string | null {
  return !context.header && !context.quoting && (value === 'NULL' || value === '\\N') ? null : value;
}

/** Checks the bytes are UTF-8 text as they stream by (as bulk.rows.ts does), and keeps the last character seen. */
function utf8Text(tail: { last: string }): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const refuse = (why: string) => new FileProblem(`The file is not CSV text in UTF-8 (${why}): export it again as CSV.`, 'file');
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        const text = decoder.decode(chunk, { stream: true });
        if (text.includes('\u0000')) {
          done(refuse('it holds NUL bytes'));
          return;
        }
        if (text !== '') tail.last = text;
        done(null, text);
      } catch {
        done(refuse('a byte is not UTF-8'));
      }
    },
    flush(done) {
      try {
        const text = decoder.decode();
        if (text !== '') tail.last = text;
        done(null, text);
      } catch {
        done(refuse('it ends inside a character'));
      }
    },
  });
}
