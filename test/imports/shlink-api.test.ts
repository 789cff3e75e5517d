import { afterEach, describe, expect, it } from 'vitest';
import { ImportRefused, type ImportRecord } from '../../src/catalog/imports/import.types.js';
import { readShlinkApi, SHLINK_PAGE_SIZE } from '../../src/catalog/imports/sources/shlink.js';
import { closeStandIns, fetchFor, manyLinks, shlinkStandIn, type StandInLink } from '../support/import-stand-ins.js';

afterEach(closeStandIns);

const KEY = '0f7e9c3a-5d1b-4c2e-9a8f-shlink-key';

const NAMED: StandInLink[] = [
  {
    shortCode: '12C18',
    url: 'https://store.example.com/games',
    title: 'Welcome to the store',
    tags: ['games', 'tech'],
    createdAt: '2016-08-21T18:34:16.000Z',
    clicks: 328,
  },
  {
    shortCode: 'frühling',
    url: 'https://acme.test/campaigns/spring',
    title: 'Frühling — Kampagne 🌷',
    tags: ['campaign'],
    createdAt: '2016-08-22T00:00:00.000Z',
    clicks: 0,
    domain: 'links.acme.test',
  },
];

async function collect(records: AsyncGenerator<ImportRecord>): Promise<ImportRecord[]> {
  const all: ImportRecord[] = [];
  for await (const record of records) all.push(record);
  return all;
}

describe('readShlinkApi against a Shlink stand-in', () => {
  it('reads every page in order, oldest first, counting rows across pages', async () => {
    const links = [...NAMED, ...manyLinks(2 * SHLINK_PAGE_SIZE + 3)];
    const shlink = await shlinkStandIn({ key: KEY, links });
    const records = await collect(readShlinkApi({ url: `${shlink.url}/`, apiKey: KEY }, fetchFor()));
    expect(records.slice(0, 2)).toEqual([
      {
        row: 1,
        url: 'https://store.example.com/games',
        shortCode: '12C18',
        domain: 's.test',
        title: 'Welcome to the store',
        tags: ['games', 'tech'],
        createdAt: Date.UTC(2016, 7, 21, 18, 34, 16),
        clicks: 328,
      },
      {
        row: 2,
        url: 'https://acme.test/campaigns/spring',
        shortCode: 'frühling',
        domain: 'links.acme.test',
        title: 'Frühling — Kampagne 🌷',
        tags: ['campaign'],
        createdAt: Date.UTC(2016, 7, 22),
        clicks: 0,
      },
    ]);
    expect(records.map((record) => record.row)).toEqual(links.map((_, i) => i + 1));
    expect(records.map((record) => ('url' in record ? record.shortCode : null))).toEqual(links.map((link) => link.shortCode));
    expect(shlink.requests).toEqual(
      [1, 2, 3].map((page) => `/rest/v3/short-urls?page=${page}&itemsPerPage=${SHLINK_PAGE_SIZE}&orderBy=dateCreated-ASC`),
    );
  });

  it('names the request, never the key, when the key is refused', async () => {
    const shlink = await shlinkStandIn({ key: KEY, links: NAMED });
    const error = await collect(readShlinkApi({ url: shlink.url, apiKey: 'not-the-key-1234' }, fetchFor())).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImportRefused);
    expect((error as Error).message).toBe(
      `The Shlink server refused the API key (401) at GET ${shlink.url}/rest/v3/short-urls?page=1&itemsPerPage=${SHLINK_PAGE_SIZE}&orderBy=dateCreated-ASC: Provided API key does not exist or is invalid.`,
    );
    expect((error as Error).message).not.toContain('not-the-key-1234');
  });

  it('waits out a 429 for its Retry-After and asks again', async () => {
    const shlink = await shlinkStandIn({ key: KEY, links: manyLinks(SHLINK_PAGE_SIZE + 1), rateLimit: { at: 2, retryAfter: 1 } });
    const records = await collect(readShlinkApi({ url: shlink.url, apiKey: KEY }, fetchFor()));
    expect(records).toHaveLength(SHLINK_PAGE_SIZE + 1);
    expect(shlink.requests.map((path) => new URL(path, shlink.url).searchParams.get('page'))).toEqual(['1', '2', '2']);
  });

  it('yields the pages before a 500, then refuses naming the request that failed', async () => {
    const shlink = await shlinkStandIn({ key: KEY, links: manyLinks(3 * SHLINK_PAGE_SIZE), failFrom: 3 });
    const seen: ImportRecord[] = [];
    const error = await (async () => {
      for await (const record of readShlinkApi({ url: shlink.url, apiKey: KEY }, fetchFor())) seen.push(record);
    })().catch((e: unknown) => e);
    expect(seen).toHaveLength(2 * SHLINK_PAGE_SIZE);
    expect(error).toBeInstanceOf(ImportRefused);
    expect((error as Error).message).toBe(
      `The Shlink server failed (500) at GET ${shlink.url}/rest/v3/short-urls?page=3&itemsPerPage=${SHLINK_PAGE_SIZE}&orderBy=dateCreated-ASC: An unexpected error occurred.`,
    );
  });

  it('refuses a server that never answers once the request times out', async () => {
    const shlink = await shlinkStandIn({ key: KEY, links: NAMED, hangFrom: 1 });
    await expect(collect(readShlinkApi({ url: shlink.url, apiKey: KEY }, fetchFor({ timeoutMs: 300 })))).rejects.toThrow(
      new ImportRefused(
        `The Shlink server did not answer GET ${shlink.url}/rest/v3/short-urls?page=1&itemsPerPage=${SHLINK_PAGE_SIZE}&orderBy=dateCreated-ASC: the request timed out.`,
      ),
    );
  });
});
