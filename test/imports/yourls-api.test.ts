import { afterEach, describe, expect, it } from 'vitest';
import { ImportRefused, type ImportRecord } from '../../src/catalog/imports/import.types.js';
import { readYourlsApi, YOURLS_PAGE_SIZE } from '../../src/catalog/imports/sources/yourls.js';
import { closeStandIns, fetchFor, manyLinks, yourlsStandIn, type StandInLink } from '../support/import-stand-ins.js';

afterEach(closeStandIns);

const SIGNATURE = '1002a612b4';

const NAMED: StandInLink[] = [
  {
    shortCode: 'café',
    url: 'https://cafe.example.org/été',
    title: "Café d'été ☀",
    tags: [],
    createdAt: '2021-07-14T12:00:00.000Z',
    clicks: 3,
  },
  { shortCode: 'a1', url: 'https://example.com/first', title: null, tags: [], createdAt: '2019-05-04T03:02:01.000Z', clicks: 42 },
];

async function collect(records: AsyncGenerator<ImportRecord>): Promise<ImportRecord[]> {
  const all: ImportRecord[] = [];
  for await (const record of records) all.push(record);
  return all;
}

/** The address the reader asks for a page. */
const page = (base: string, offset: number) =>
  `${base}/yourls-api.php?signature=[hidden]&action=list&format=json&sortby=keyword&sortorder=ASC&offset=${offset}&perpage=${YOURLS_PAGE_SIZE}`;

describe('readYourlsApi against a YOURLS stand-in with the list plugin', () => {
  it('reads every page in keyword order, from the site root or the yourls-api.php address', async () => {
    const links = [...NAMED, ...manyLinks(2 * YOURLS_PAGE_SIZE + 5, 'k')];
    const yourls = await yourlsStandIn({ key: SIGNATURE, links });
    const records = await collect(readYourlsApi({ url: yourls.url, apiKey: SIGNATURE }, fetchFor()));
    const keywords = links.map((link) => link.shortCode).sort((a, b) => (a < b ? -1 : 1));
    expect(records.map((record) => ('url' in record ? record.shortCode : null))).toEqual(keywords);
    expect(records.map((record) => record.row)).toEqual(keywords.map((_, i) => i + 1));
    expect(records[0]).toEqual({
      row: 1,
      url: 'https://example.com/first',
      shortCode: 'a1',
      domain: '127.0.0.1',
      title: null,
      tags: [],
      createdAt: Date.UTC(2019, 4, 4, 3, 2, 1),
      clicks: 42,
    });
    expect(records[1]).toEqual({
      row: 2,
      url: 'https://cafe.example.org/été',
      shortCode: 'café',
      domain: '127.0.0.1',
      title: "Café d'été ☀",
      tags: [],
      createdAt: Date.UTC(2021, 6, 14, 12),
      clicks: 3,
    });
    expect(yourls.requests.map((path) => new URL(path, yourls.url).searchParams.get('offset'))).toEqual(['0', '100', '200']);

    const again = await collect(readYourlsApi({ url: `${yourls.url}/yourls-api.php`, apiKey: SIGNATURE }, fetchFor()));
    expect(again).toEqual(records);
  });

  it('names the request with the signature hidden when YOURLS refuses it', async () => {
    const yourls = await yourlsStandIn({ key: SIGNATURE, links: NAMED });
    const error = await collect(readYourlsApi({ url: yourls.url, apiKey: 'wrong-signature' }, fetchFor())).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImportRefused);
    expect((error as Error).message).toBe(
      `The YOURLS server refused the signature (403) at GET ${page(yourls.url, 0)}: Please log in.`,
    );
    expect((error as Error).message).not.toContain('wrong-signature');
  });

  it('waits out a 429 for its Retry-After and asks again', async () => {
    const yourls = await yourlsStandIn({ key: SIGNATURE, links: NAMED, rateLimit: { at: 1, retryAfter: 1 } });
    expect(await collect(readYourlsApi({ url: yourls.url, apiKey: SIGNATURE }, fetchFor()))).toHaveLength(2);
    expect(yourls.requests).toHaveLength(2);
  });

  it('yields the pages before a 500, then refuses naming the request that failed', async () => {
    const yourls = await yourlsStandIn({ key: SIGNATURE, links: manyLinks(2 * YOURLS_PAGE_SIZE + 1), failFrom: 2 });
    const seen: ImportRecord[] = [];
    const error = await (async () => {
      for await (const record of readYourlsApi({ url: yourls.url, apiKey: SIGNATURE }, fetchFor())) seen.push(record);
    })().catch((e: unknown) => e);
    expect(seen).toHaveLength(YOURLS_PAGE_SIZE);
    expect(error).toBeInstanceOf(ImportRefused);
    expect((error as Error).message).toBe(`The YOURLS server failed (500) at GET ${page(yourls.url, YOURLS_PAGE_SIZE)}.`);
  });

  it('refuses a server that never answers once the request times out', async () => {
    const yourls = await yourlsStandIn({ key: SIGNATURE, links: NAMED, hangFrom: 1 });
    await expect(collect(readYourlsApi({ url: yourls.url, apiKey: SIGNATURE }, fetchFor({ timeoutMs: 300 })))).rejects.toThrow(
      new ImportRefused(`The YOURLS server did not answer GET ${page(yourls.url, 0)}: the request timed out.`),
    );
  });
});
