import type { FileReader } from '../import.types.js';
import { noDestination, readExport } from './export-file.js';
import { CSV_HEADERS } from './headers.js';

/** A CSV of one's own: `url` (required), `shortCode` (the ending) and `name` (or `title`), in any order and case. */
export const readCsv: FileReader = (path) =>
  readExport(path, {
    headers: CSV_HEADERS,
    toRecord(row, get, _variant, column) {
      const url = get('url');
      if (url === null) return noDestination(row, column('url'));
      return { row, url, shortCode: get('shortCode'), domain: null, title: get('name'), tags: [], createdAt: null, clicks: null };
    },
  });
