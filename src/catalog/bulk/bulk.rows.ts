import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import { parser as jsonParser } from 'stream-json';
import { pick } from 'stream-json/filters/pick.js';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import { InvalidRequest } from '../../lib/errors.js';
import type { JobError } from '../../platform/index.js';

export type RowFormat = 'csv' | 'json';

/** The columns a bulk CSV may have; `name` and `url` it must. */
export const CSV_COLUMNS = ['name', 'url', 'mode', 'shortCode', 'folderId', 'templateId'] as const;
const REQUIRED = ['name', 'url'] as const;

/** One row of the input: its fields as sent, or what is wrong with its shape. Rows count from 1. */
export type InputRow = { row: number; value: unknown } | { row: number; error: JobError };

/** A problem with the file as a whole (not text, a wrong header, not `{ codes: [...] }`): row 0. */
export class FileProblem extends InvalidRequest {}

/** Checks the bytes are UTF-8 text as they stream by: a spreadsheet saved as binary is refused, never read as garbage. */
function utf8Text(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        const text = decoder.decode(chunk, { stream: true });
        if (text.includes('\u0000')) throw new Error('NUL');
        done(null, text);
      } catch {
        done(new FileProblem('The file is not CSV or JSON text (UTF-8): save it from the spreadsheet as CSV UTF-8.', 'file'));
      }
    },
    flush(done) {
      try {
        done(null, decoder.decode());
      } catch {
        done(new FileProblem('The file is not CSV or JSON text (UTF-8): it ends inside a character.', 'file'));
      }
    },
  });
}

async function* csvRows(path: string): AsyncGenerator<InputRow> {
  const records = createReadStream(path)
    .pipe(utf8Text())
    .on('error', (error) => records.destroy(error))
    .pipe(parse({ bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: false }));
  let header: string[] | null = null;
  let row = 0;
  try {
    for await (const record of records as AsyncIterable<string[]>) {
      if (header === null) {
        header = record.map((name) => name.trim());
        checkHeader(header);
        continue;
      }
      row += 1;
      if (record.length !== header.length) {
        yield {
          row,
          error: { row, field: '', message: `The row has ${record.length} fields; the header has ${header.length}.` },
        };
        continue;
      }
      const value: Record<string, string> = {};
      header.forEach((column, i) => {
        if (record[i] !== '') value[column] = record[i]!;
      });
      yield { row, value };
    }
  } catch (error) {
    if (error instanceof FileProblem) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new FileProblem(`The file is not valid CSV after row ${row}: ${message}`, 'file');
  }
  if (header === null) throw new FileProblem('The file is empty: it needs a header row (name,url,...) and rows.', 'file');
}

function checkHeader(header: string[]): void {
  const known = new Set<string>(CSV_COLUMNS);
  const unknown = header.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new FileProblem(
      `The header has an unknown column "${unknown[0]}"; the columns are ${CSV_COLUMNS.join(', ')} (name and url required).`,
      unknown[0],
    );
  }
  const seen = new Set<string>();
  for (const name of header) {
    if (seen.has(name)) throw new FileProblem(`The header names the column "${name}" twice.`, name);
    seen.add(name);
  }
  const missing = REQUIRED.find((name) => !seen.has(name));
  if (missing)
    throw new FileProblem(`The header has no "${missing}" column (a header row of name,url,... comes first).`, missing);
}

async function* jsonRows(path: string): AsyncGenerator<InputRow> {
  const parser = jsonParser.asStream();
  const items = createReadStream(path)
    .pipe(utf8Text())
    .on('error', (error) => items.destroy(error))
    .pipe(parser)
    .on('error', (error) => items.destroy(error))
    .pipe(pick.asStream({ filter: 'codes' }))
    .pipe(streamArray.asStream());
  let row = 0;
  let topLevel: unknown = undefined;
  parser.once('data', (token: { name: string }) => (topLevel = token.name));
  try {
    for await (const { value } of items as AsyncIterable<{ value: unknown }>) {
      row += 1;
      yield { row, value };
    }
  } catch (error) {
    if (error instanceof FileProblem) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new FileProblem(`The file is not valid JSON after row ${row}: ${message}`, 'file');
  }
  if (row === 0 && topLevel !== 'startObject') throw new FileProblem('The JSON must be an object { "codes": [ ... ] }.', 'codes');
  if (row === 0) throw new FileProblem('The JSON has no rows: send { "codes": [ { "name": ..., "url": ... }, ... ] }.', 'codes');
}

/** The input's rows one at a time, so memory never grows with their number. */
export const readRows = (path: string, format: RowFormat): AsyncGenerator<InputRow> =>
  format === 'csv' ? csvRows(path) : jsonRows(path);
