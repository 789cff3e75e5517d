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
import { parseCount, parseDate, parseShortAddress, splitTags, tagList, text } from './fields.js';
import { SHLINK_HEADERS } from './headers.js';

/**
 * The short_urls.csv that Shlink's web client exports (Short URLs → Export): createdAt, domain, shortCode,
 * shortUrl, longUrl, title, tags (joined by "|"; by "," before April 2023, when domain and shortCode were not
 * there yet) and visits.
 */
export const readShlinkExport: FileReader = (path) =>
  readExport(path, {
    headers: SHLINK_HEADERS,
    toRecord(row, get, variant, column) {
      const url = get('url');
      if (url === null) return noDestination(row, column('url'));
      const address = parseShortAddress(get('shortUrl'));
      return {
        row,
        url,
        shortCode: get('shortCode') ?? address.shortCode,
        domain: get('domain')?.toLowerCase() ?? address.domain,
        title: get('title'),
        tags: splitTags(get('tags'), variant.name === 'current' ? '|' : ','),
        createdAt: parseDate(get('createdAt')),
        clicks: parseCount(get('visits')),
      };
    },
  });

const SHLINK: ApiProduct = {
  name: 'Shlink',
  credential: 'API key',
  reason: (body) => stringField(body, 'detail') ?? stringField(body, 'title'),
};

export const SHLINK_PAGE_SIZE = 100;

/**
 * Every short URL of a Shlink server (3.0 or later) through its REST API: GET {base}/rest/v3/short-urls
 * page by page, oldest first (orderBy=dateCreated-ASC, so links made while it reads come last), with the key
 * in X-Api-Key. The base is the server's address as given to shlink-web-client; a trailing /rest or
 * /rest/v3 is taken off.
 */
export async function* readShlinkApi(
  source: ApiSource,
  fetch: ImportFetch,
  wait: Wait = waitSeconds,
): AsyncGenerator<ImportRecord> {
  const base = baseAddress(SHLINK, source);
  base.pathname = base.pathname.replace(/\/rest(\/v\d+)?$/i, '');
  let row = 0;
  for (let page = 1; ; page++) {
    const request = {
      url: endpoint(base, '/rest/v3/short-urls', { page, itemsPerPage: SHLINK_PAGE_SIZE, orderBy: 'dateCreated-ASC' }),
      headers: { 'X-Api-Key': source.apiKey, Accept: 'application/json' },
      secret: source.apiKey,
    };
    const shortUrls = objectOf(objectOf(await getJson(SHLINK, request, fetch, wait))?.shortUrls);
    const data = shortUrls?.data;
    if (!Array.isArray(data)) throw unexpected(SHLINK, request, 'a page of short URLs ({ shortUrls: { data: [...] } })');
    for (const item of data) {
      row += 1;
      yield shortUrl(row, item);
    }
    const pagesCount = objectOf(shortUrls!.pagination)?.pagesCount;
    const last = typeof pagesCount === 'number' ? page >= pagesCount : data.length < SHLINK_PAGE_SIZE;
    if (data.length === 0 || last) return;
  }
}

/** One item of Shlink's list: visitsSummary.total since Shlink 3.x, visitsCount before. */
function shortUrl(row: number, value: unknown): ImportRecord {
  const item = objectOf(value) ?? {};
  const url = text(item.longUrl);
  if (url === null) return { row, error: { row, field: 'url', message: 'The short URL has no longUrl.' } };
  const address = parseShortAddress(text(item.shortUrl));
  return {
    row,
    url,
    shortCode: text(item.shortCode) ?? address.shortCode,
    domain: text(item.domain)?.toLowerCase() ?? address.domain,
    title: text(item.title),
    tags: tagList(item.tags),
    createdAt: parseDate(text(item.dateCreated)),
    clicks: parseCount(objectOf(item.visitsSummary)?.total ?? item.visitsCount),
  };
}
