import { afterEach, describe, expect, it } from 'vitest';
import { ImportRefused, type ImportRecord } from '../../src/catalog/imports/import.types.js';
import { KUTT_PAGE_SIZE, readKuttApi } from '../../src/catalog/imports/sources/kutt.js';
import { closeStandIns, fetchFor, kuttStandIn, manyLinks, type StandInLink } from '../support/import-stand-ins.js';

afterEach(closeStandIns);

const KEY = 'kutt_3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a';

const NAMED: StandInLink[] = [
  {
    shortCode: 'docs',
    url: 'https://docs.example.org/start',
    title: 'Where the docs begin',
    tags: [],
    createdAt: '2024-02-01T10:00:00.000Z',
    clicks: 17,
  },
  {
    shortCode: 'menü',
    url: 'https://acme.test/speisekarte',
    title: null,
    tags: [],
    createdAt: '2024-02-02T10:00:00.000Z',
    clicks: 4,
    domain: 'go.acme.test',
  },
];

async function collect(records: AsyncGenerator<ImportRecord>): Promise<ImportRecord[]> {
  const all: ImportRecord[] = [];
  for await (const record of records) all.push(record);
  return all;
}

const page = (base: string, skip: number) => `${base}/api/v2/links?limit=${KUTT_PAGE_SIZE}&skip=${skip}`;

describe('readKuttApi against a Kutt stand-in', () => {
  it('reads every page in the order Kutt lists them (newest first), without the descriptions', async () => {
    const links = [...manyLinks(2 * KUTT_PAGE_SIZE + 7), ...NAMED];
    const kutt = await kuttStandIn({ key: KEY, links });
    const records = await collect(readKuttApi({ url: `${kutt.url}/`, apiKey: KEY }, fetchFor()));
    expect(records.slice(0, 2)).toEqual([
      {
        row: 1,
        url: 'https://acme.test/speisekarte',
        shortCode: 'menü',
        domain: 'go.acme.test',
        title: null,
        tags: [],
        createdAt: Date.UTC(2024, 1, 2, 10),
        clicks: 4,
      },
      {
        row: 2,
        url: 'https://docs.example.org/start',
        shortCode: 'docs',
        domain: 'kutt.test',
        title: null,
        tags: [],
        createdAt: Date.UTC(2024, 1, 1, 10),
        clicks: 17,
      },
    ]);
    expect(records.map((record) => ('url' in record ? record.shortCode : null))).toEqual(
      [...links].reverse().map((link) => link.shortCode),
    );
    expect(records.map((record) => record.row)).toEqual(links.map((_, i) => i + 1));
    expect(kutt.requests).toEqual([0, 50, 100].map((skip) => `/api/v2/links?limit=${KUTT_PAGE_SIZE}&skip=${skip}`));
  });

  it('names the request, never the key, when the key is refused', async () => {
    const kutt = await kuttStandIn({ key: KEY, links: NAMED });
    const error = await collect(readKuttApi({ url: kutt.url, apiKey: 'kutt_wrong_key' }, fetchFor())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportRefused);
    expect((error as Error).message).toBe(`The Kutt server refused the API key (401) at GET ${page(kutt.url, 0)}: Unauthorized.`);
    expect((error as Error).message).not.toContain('kutt_wrong_key');
  });

  it('waits out a 429 for its Retry-After and asks again', async () => {
    const kutt = await kuttStandIn({ key: KEY, links: manyLinks(KUTT_PAGE_SIZE + 2), rateLimit: { at: 2, retryAfter: 1 } });
    expect(await collect(readKuttApi({ url: kutt.url, apiKey: KEY }, fetchFor()))).toHaveLength(KUTT_PAGE_SIZE + 2);
    expect(kutt.requests).toEqual([0, 50, 50].map((skip) => `/api/v2/links?limit=${KUTT_PAGE_SIZE}&skip=${skip}`));
  });

  it('yields the pages before a 500, then refuses naming the request that failed', async () => {
    const kutt = await kuttStandIn({ key: KEY, links: manyLinks(3 * KUTT_PAGE_SIZE), failFrom: 2 });
    const seen: ImportRecord[] = [];
    const error = await (async () => {
      for await (const record of readKuttApi({ url: kutt.url, apiKey: KEY }, fetchFor())) seen.push(record);
    })().catch((e: unknown) => e);
    expect(seen).toHaveLength(KUTT_PAGE_SIZE);
    expect(error).toBeInstanceOf(ImportRefused);
    expect((error as Error).message).toBe(
      `The Kutt server failed (500) at GET ${page(kutt.url, KUTT_PAGE_SIZE)}: An error occurred.`,
    );
  });

  it('refuses a server that never answers once the request times out', async () => {
    const kutt = await kuttStandIn({ key: KEY, links: NAMED, hangFrom: 1 });
    await expect(collect(readKuttApi({ url: kutt.url, apiKey: KEY }, fetchFor({ timeoutMs: 300 })))).rejects.toThrow(
      new ImportRefused(`The Kutt server did not answer GET ${page(kutt.url, 0)}: the request timed out.`),
    );
  });
});
