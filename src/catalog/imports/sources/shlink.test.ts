import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FileProblem } from '../../bulk/bulk.rows.js';
import type { ImportRecord } from '../import.types.js';
import { readShlinkExport } from './shlink.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../../../test/fixtures/imports/${name}`, import.meta.url));

async function collect(records: AsyncGenerator<ImportRecord>): Promise<ImportRecord[]> {
  const all: ImportRecord[] = [];
  for await (const record of records) all.push(record);
  return all;
}

describe('readShlinkExport', () => {
  it("reads the web client's short_urls.csv: domain, multi-segment codes, tags joined by |, zoned dates, visits", async () => {
    expect(await collect(readShlinkExport(fixture('shlink-short-urls.csv')))).toEqual([
      {
        row: 1,
        url: 'https://store.example.com/games',
        shortCode: '12C18',
        domain: 's.test',
        title: 'Welcome to the store',
        tags: ['games', 'tech'],
        createdAt: Date.UTC(2023, 4, 2, 8, 15, 30),
        clicks: 328,
      },
      {
        row: 2,
        url: 'https://acme.test/campaigns/spring?utm_source=qr',
        shortCode: 'spring/2023',
        domain: 'links.acme.test',
        title: 'Frühling — Kampagne 🌷',
        tags: ['campaign'],
        createdAt: Date.UTC(2023, 5, 10, 8, 0, 0),
        clicks: 25,
      },
      { row: 3, error: { row: 3, field: 'url', message: 'The row has no destination: its "longUrl" is empty.' } },
      {
        row: 4,
        url: 'https://example.org/a,b',
        shortCode: 'Zx9',
        domain: 's.test',
        title: null,
        tags: [],
        createdAt: Date.UTC(2024, 1, 29, 17, 0, 0),
        clicks: 0,
      },
    ]);
  });

  it('reads the export of 2022 (no domain or shortCode columns, tags joined by commas) from its short URLs', async () => {
    expect(await collect(readShlinkExport(fixture('shlink-short-urls-2022.csv')))).toEqual([
      {
        row: 1,
        url: 'https://example.com/x',
        shortCode: 'abc12',
        domain: 's.test',
        title: 'Überblick',
        tags: ['one', 'two'],
        createdAt: Date.UTC(2022, 3, 1, 9, 0, 0),
        clicks: 7,
      },
      {
        row: 2,
        url: 'https://acme.test/promo',
        shortCode: 'promo',
        domain: 'go.acme.test',
        title: null,
        tags: [],
        createdAt: Date.UTC(2022, 3, 2, 9, 0, 0),
        clicks: null,
      },
    ]);
  });

  it('refuses a Bitly export and says so', async () => {
    const error = await collect(readShlinkExport(fixture('bitly-links.csv'))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileProblem);
    expect(error).toMatchObject({ field: 'file' });
    expect((error as Error).message).toMatch(
      /^This is not a Shlink short URLs export \(short_urls.csv\): its header needs "longUrl" and "shortCode"; found "Title", "Link", .* It looks like a Bitly links export: choose bitly as the source\.$/,
    );
  });

  it("refuses Shlink's visits export, which has no links", async () => {
    await expect(collect(readShlinkExport(fixture('shlink-visits.csv')))).rejects.toThrow(
      /^This is not a Shlink short URLs export/,
    );
  });
});
