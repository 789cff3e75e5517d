import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FileProblem } from '../../bulk/bulk.rows.js';
import type { ImportRecord } from '../import.types.js';
import { readBitlyExport } from './bitly.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../../../test/fixtures/imports/${name}`, import.meta.url));

async function collect(records: AsyncGenerator<ImportRecord>): Promise<ImportRecord[]> {
  const all: ImportRecord[] = [];
  for await (const record of records) all.push(record);
  return all;
}

describe('readBitlyExport', () => {
  it('reads the web app export: the custom back-half as the ending, tags split, dates as UTC, clicks', async () => {
    expect(await collect(readBitlyExport(fixture('bitly-links.csv')))).toEqual([
      {
        row: 1,
        url: 'https://shop.acme.test/sale?season=spring',
        shortCode: 'spring',
        domain: 'go.acme-shop.test',
        title: 'Spring sale',
        tags: ['marketing', 'spring'],
        createdAt: Date.UTC(2024, 2, 5, 14, 7, 9),
        clicks: 1204,
      },
      {
        row: 2,
        url: 'https://cafe.example.org/menu/été',
        shortCode: '4aBcD2e',
        domain: 'bit.ly',
        title: 'Café menu — été',
        tags: ['menu'],
        createdAt: Date.UTC(2024, 5, 21, 8, 0, 0),
        clicks: 37,
      },
      { row: 3, error: { row: 3, field: 'url', message: 'The row has no destination: its "Destination URL" is empty.' } },
      {
        row: 4,
        url: 'https://docs.example.net/r/2023?lang=en&x=1',
        shortCode: '48Qw1Xy',
        domain: 'bit.ly',
        title: 'Report, "final" 2023',
        tags: [],
        createdAt: Date.UTC(2023, 11, 31, 23, 59, 59),
        clicks: null,
      },
      {
        row: 5,
        url: 'https://example.jp/旅/パス',
        shortCode: '3jpNihon',
        domain: 'bit.ly',
        title: '日本語のページ',
        tags: ['日本', '旅行'],
        createdAt: Date.UTC(2022, 0, 15, 10, 30, 0),
        clicks: 5,
      },
    ]);
  });

  it("reads a header of the API's field names, the link's id and ISO dates with +0000", async () => {
    expect(await collect(readBitlyExport(fixture('bitly-links-api-names.csv')))).toEqual([
      {
        row: 1,
        url: 'https://docs.example.net/',
        shortCode: '2yRn5tQ',
        domain: 'bit.ly',
        title: 'Docs',
        tags: ['docs'],
        createdAt: Date.UTC(2020, 9, 26, 17, 20, 40),
        clicks: 12,
      },
      {
        row: 2,
        url: 'https://acme.test/about',
        shortCode: 'about-us',
        domain: 'acme.test',
        title: null,
        tags: [],
        createdAt: Date.UTC(2021, 1, 3, 4, 5, 6),
        clicks: null,
      },
    ]);
  });

  it('refuses a Shlink export, naming the columns it needs, those it found and the source to choose', async () => {
    const error = await collect(readBitlyExport(fixture('shlink-short-urls.csv'))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileProblem);
    expect(error).toMatchObject({ field: 'file' });
    expect((error as Error).message).toBe(
      'This is not a Bitly links export: its header needs "long_url" (or "Long URL", "Destination URL") and "link" (or "Bitlink", "custom_bitlinks"); ' +
        'found "createdAt", "domain", "shortCode", "shortUrl", "longUrl", "title", "tags", "visits". ' +
        'It looks like a Shlink short URLs export (short_urls.csv): choose shlink as the source.',
    );
  });

  it('refuses a file that is no link export at all without guessing a source', async () => {
    const error = await collect(readBitlyExport(fixture('shlink-visits.csv'))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileProblem);
    expect((error as Error).message).toMatch(/^This is not a Bitly links export: .*found "referer", "date", .*\.$/);
    expect((error as Error).message).not.toMatch(/looks like/);
  });

  it('yields the whole rows of a file cut inside a quoted field, then refuses it naming the row', async () => {
    const seen: ImportRecord[] = [];
    const error = await (async () => {
      for await (const record of readBitlyExport(fixture('bitly-truncated.csv'))) seen.push(record);
    })().catch((e: unknown) => e);
    expect(seen.map((record) => record.row)).toEqual([1, 2]);
    expect(error).toBeInstanceOf(FileProblem);
    expect((error as Error).message).toBe(
      'The file ends inside a quoted field of row 3: it was cut short or a quote is missing; export it again.',
    );
  });
});
