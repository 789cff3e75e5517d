import type { FileReader } from '../import.types.js';
import { noDestination, readExport } from './export-file.js';
import { parseCount, parseDate, parseShortAddress, splitTags } from './fields.js';
import { DUB_HEADERS } from './headers.js';

/**
 * Dub's links export (the Export of the dashboard's Links page, or GET /api/links/export): the short link, the
 * destination, clicks, the creation date and, when chosen, the tags joined by ", ". Dub writes no title column.
 */
export const readDubExport: FileReader = (path) =>
  readExport(path, {
    headers: DUB_HEADERS,
    toRecord(row, get, _variant, column) {
      const url = get('url');
      if (url === null) return noDestination(row, column('url'));
      const address = parseShortAddress(get('link'));
      const title = get('title');
      return {
        row,
        url,
        shortCode: address.shortCode,
        domain: address.domain,
        title: title === null ? null : unguarded(title),
        tags: splitTags(get('tags'), ',').map(unguarded),
        createdAt: parseDate(get('createdAt')),
        clicks: parseCount(get('clicks')),
      };
    },
  });

/** Dub puts a ' before a text that starts with = + - @ (so spreadsheets never run it as a formula): taken off again. */
const unguarded = (value: string): string => (/^'[=+\-@\t\r\n]/.test(value) ? value.slice(1) : value);
