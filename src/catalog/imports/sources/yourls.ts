import type { ApiSource, FileReader, ImportFetch, ImportRecord } from '../import.types.js';
import {
  baseAddress,
  endpoint,
  getJson,
  objectOf,
  stringField,
  unexpected,
  waitSeconds,
  type ApiProduct,
  type Wait,
} from './api-client.js';
import { noDestination, readExport } from './export-file.js';
import { parseCount, parseDate, text } from './fields.js';
import { YOURLS_HEADERS } from './headers.js';

const TABLE_COLUMNS = ['keyword', 'url', 'title', 'timestamp', 'ip', 'clicks'] as const;
const SQL_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * YOURLS' links as a database export: the `yourls_url` table (keyword, url, title, timestamp, ip, clicks)
 * saved as CSV by phpMyAdmin, Adminer or MySQL Workbench, with or without its header row. Unquoted NULL (or
 * \N) is an empty column. The timestamp is read as UTC, which is how YOURLS writes it (since 1.7.2 it sets PHP's
 * zone to UTC before writing `date('Y-m-d H:i:s')`). The table has no domain: the records carry none.
 */
export const readYourlsExport: FileReader = (path) =>
  readExport(path, {
    headers: YOURLS_HEADERS,
    sqlNulls: true,
    headerless: {
      columns: TABLE_COLUMNS,
      startsWithData: (record) =>
        record.length === TABLE_COLUMNS.length &&
        /^https?:\/\//i.test(record[1]!.trim()) &&
        SQL_TIMESTAMP.test(record[3]!.trim()),
    },
    toRecord(row, get, _variant, column) {
      const url = get('url');
      if (url === null) return noDestination(row, column('url'));
      return {
        row,
        url,
        shortCode: get('keyword'),
        domain: null,
        title: get('title'),
        tags: [],
        createdAt: parseDate(get('timestamp')),
        clicks: parseCount(get('clicks')),
      };
    },
  });

const PLUGIN = 'the plugin "YOURLS API Action List Extended" (github.com/Codeinwp/yourls-api-list-extended)';

const YOURLS: ApiProduct = {
  name: 'YOURLS',
  credential: 'signature',
  reason: (body) => stringField(body, 'message') ?? stringField(body, 'error'),
  advice: (status, reason) =>
    status === 400 && reason !== null && /action/i.test(reason)
      ? `YOURLS has no "list" action of its own: install and activate ${PLUGIN}, then try again`
      : null,
};

export const YOURLS_PAGE_SIZE = 100;

/**
 * Every link of a YOURLS site through the `list` action that a plugin adds to yourls-api.php (YOURLS itself
 * has none): GET yourls-api.php?signature=…&action=list&format=json&sortby=keyword&sortorder=ASC&offset=N&perpage=100.
 * The plugin it is written for, API Action List Extended, pages with offset/perpage and says the total;
 * the simpler list plugins answer everything at once without a total, which is read as the one page.
 * The base is the site's address or its yourls-api.php address; the site's host is the links' domain.
 */
export async function* readYourlsApi(
  source: ApiSource,
  fetch: ImportFetch,
  wait: Wait = waitSeconds,
): AsyncGenerator<ImportRecord> {
  const base = baseAddress(YOURLS, source);
  if (!/\/yourls-api\.php$/i.test(base.pathname)) base.pathname = `${base.pathname.replace(/\/+$/, '')}/yourls-api.php`;
  const domain = base.hostname.toLowerCase();
  let row = 0;
  for (let offset = 0; ;) {
    const request = {
      url: endpoint(base, '', {
        signature: source.apiKey,
        action: 'list',
        format: 'json',
        sortby: 'keyword',
        sortorder: 'ASC',
        offset,
        perpage: YOURLS_PAGE_SIZE,
      }),
      headers: { Accept: 'application/json' },
      secret: source.apiKey,
    };
    const body = objectOf(await getJson(YOURLS, request, fetch, wait));
    const result = body?.result;
    if (!Array.isArray(result)) throw unexpected(YOURLS, request, 'the answer of the list action ({ result: [...] })');
    for (const item of result) {
      row += 1;
      yield keyword(row, item, domain);
    }
    offset += result.length;
    const total = parseCount(body!.total);
    if (result.length === 0 || total === null || offset >= total) return;
  }
}

/** One row of the plugin's list: the yourls_url table's columns, numbers often as strings. */
function keyword(row: number, value: unknown, domain: string): ImportRecord {
  const item = objectOf(value) ?? {};
  const url = text(item.url);
  const shortCode = typeof item.keyword === 'number' ? String(item.keyword) : text(item.keyword);
  if (url === null) {
    return {
      row,
      error: { row, field: 'url', message: `The keyword ${shortCode ?? '(none)'} has no url (does the list plugin send it?).` },
    };
  }
  return {
    row,
    url,
    shortCode,
    domain,
    title: text(item.title),
    tags: [],
    createdAt: parseDate(text(item.timestamp)),
    clicks: parseCount(item.clicks),
  };
}
