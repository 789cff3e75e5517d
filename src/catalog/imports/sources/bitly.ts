import type { FileReader } from '../import.types.js';
import { noDestination, readExport } from './export-file.js';
import { parseCount, parseDate, parseShortAddress, splitTags } from './fields.js';
import { BITLY_HEADERS } from './headers.js';

/**
 * Bitly's links export (Links → Export in the web app, a CSV sent by e-mail or downloaded). Bitly documents no
 * header, so its columns are known by every name found for them (headers.ts, docs/imports.md). The ending is
 * the link's first custom back-half when it has one, else the Bitlink itself; the other addresses are not kept.
 */
export const readBitlyExport: FileReader = (path) =>
  readExport(path, {
    headers: BITLY_HEADERS,
    toRecord(row, get, _variant, column) {
      const url = get('url');
      if (url === null) return noDestination(row, column('url'));
      const [custom] = splitTags(get('custom'), /[\s,|]+/);
      const address = parseShortAddress(custom ?? get('link') ?? get('id'));
      const tags = get('tags');
      return {
        row,
        url,
        shortCode: address.shortCode,
        domain: address.domain,
        title: get('title'),
        tags: splitTags(tags, tags?.includes('|') ? '|' : ','),
        createdAt: parseDate(get('createdAt')),
        clicks: parseCount(get('clicks')),
      };
    },
  });
