import type { ApiSource, ImportFetch, ImportRecord } from '../import.types.js';
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
import { parseCount, parseDate, parseShortAddress, text } from './fields.js';

const KUTT: ApiProduct = { name: 'Kutt', credential: 'API key', reason: (body) => stringField(body, 'error') };

/** Kutt caps a page at 50 links. */
export const KUTT_PAGE_SIZE = 50;

/**
 * Every link of a Kutt account (Kutt 2.x and 3.x) through API v2: GET {base}/api/v2/links?limit=50&skip=N
 * with the key in X-API-KEY, newest first as Kutt lists them. The base is the Kutt site's address; a trailing
 * /api or /api/v2 is taken off. Kutt has no export file.
 */
export async function* readKuttApi(
  source: ApiSource,
  fetch: ImportFetch,
  wait: Wait = waitSeconds,
): AsyncGenerator<ImportRecord> {
  const base = baseAddress(KUTT, source);
  base.pathname = base.pathname.replace(/\/api(\/v\d+)?$/i, '');
  let row = 0;
  for (let skip = 0; ;) {
    const request = {
      url: endpoint(base, '/api/v2/links', { limit: KUTT_PAGE_SIZE, skip }),
      headers: { 'X-API-KEY': source.apiKey, Accept: 'application/json' },
      secret: source.apiKey,
    };
    const body = objectOf(await getJson(KUTT, request, fetch, wait));
    const data = body?.data;
    if (!Array.isArray(data)) throw unexpected(KUTT, request, 'a page of links ({ total, data: [...] })');
    for (const item of data) {
      row += 1;
      yield link(row, item);
    }
    skip += data.length;
    const total = parseCount(body!.total);
    if (data.length === 0 || (total !== null ? skip >= total : data.length < KUTT_PAGE_SIZE)) return;
  }
}

/** One link of Kutt's list: `address` is the ending, `link` the whole short address, `domain` null on Kutt's own domain. */
function link(row: number, value: unknown): ImportRecord {
  const item = objectOf(value) ?? {};
  const url = text(item.target);
  const address = parseShortAddress(text(item.link));
  const shortCode = text(item.address) ?? address.shortCode;
  if (url === null)
    return { row, error: { row, field: 'url', message: `The link ${shortCode ?? `in row ${row}`} has no target.` } };
  if (item.banned === true) {
    return { row, error: { row, field: 'url', message: `Kutt has banned the link ${shortCode ?? url}: it is not moved.` } };
  }
  return {
    row,
    url,
    shortCode,
    domain: text(item.domain)?.toLowerCase() ?? address.domain,
    title: null,
    tags: [],
    createdAt: parseDate(text(item.created_at)),
    clicks: parseCount(item.visit_count),
  };
}
