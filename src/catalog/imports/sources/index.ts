import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import { FileProblem } from '../../bulk/bulk.rows.js';
import type { ApiReader, ApiSourceName, FileReader, ImportRecord, ImportSource } from '../import.types.js';

/** The generic CSV: `url,shortCode,name`. */
async function* csvReader(path: string): AsyncGenerator<ImportRecord> {
  let header: string[] | null = null;
  let row = 0;
  for await (const record of createReadStream(path).pipe(parse({ bom: true, skip_empty_lines: true, relax_column_count: true })) as AsyncIterable<string[]>) {
    if (!header) {
      header = record.map((h) => h.trim());
      if (!header.includes('url')) throw new FileProblem('The header has no "url" column (url,shortCode,name).', 'file');
      continue;
    }
    row += 1;
    const at = (name: string) => record[header!.indexOf(name)]?.trim() || null;
    const url = at('url');
    if (!url) {
      yield { row, error: { row, field: 'url', message: 'The row has no url.' } };
      continue;
    }
    yield { row, url, shortCode: at('shortCode'), domain: null, title: at('name'), tags: [], createdAt: null, clicks: null };
  }
}

export const fileReaders: Partial<Record<ImportSource, FileReader>> = { csv: csvReader };
export const apiReaders: Partial<Record<ApiSourceName, ApiReader>> = {};
