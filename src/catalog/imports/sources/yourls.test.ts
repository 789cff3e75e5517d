import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FileProblem } from '../../bulk/bulk.rows.js';
import type { ImportRecord } from '../import.types.js';
import { readYourlsExport } from './yourls.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../../../test/fixtures/imports/${name}`, import.meta.url));

async function collect(records: AsyncGenerator<ImportRecord>): Promise<ImportRecord[]> {
  const all: ImportRecord[] = [];
  for await (const record of records) all.push(record);
  return all;
}

describe('readYourlsExport', () => {
  it('reads the yourls_url table as phpMyAdmin saves it: timestamps as UTC, NULL titles empty, no domain', async () => {
    expect(await collect(readYourlsExport(fixture('yourls-url-table.csv')))).toEqual([
      {
        row: 1,
        url: 'https://example.com/first',
        shortCode: '1',
        domain: null,
        title: 'First link',
        tags: [],
        createdAt: Date.UTC(2019, 4, 4, 3, 2, 1),
        clicks: 42,
      },
      {
        row: 2,
        url: 'https://cafe.example.org/été',
        shortCode: 'ete',
        domain: null,
        title: "Café d'été ☀",
        tags: [],
        createdAt: Date.UTC(2021, 6, 14, 12, 0, 0),
        clicks: 3,
      },
      { row: 3, error: { row: 3, field: 'url', message: 'The row has no destination: its "url" is empty.' } },
      {
        row: 4,
        url: 'https://example.net/page?x=1&y=2',
        shortCode: 'untitled',
        domain: null,
        title: null,
        tags: [],
        createdAt: Date.UTC(2022, 11, 31, 23, 59, 59),
        clicks: 0,
      },
      {
        row: 5,
        url: 'https://example.net/n',
        shortCode: 'null-text',
        domain: null,
        title: 'NULL',
        tags: [],
        createdAt: Date.UTC(2023, 0, 1),
        clicks: 1,
      },
    ]);
  });

  it('reads the table saved without its header row, in the columns YOURLS creates', async () => {
    expect(await collect(readYourlsExport(fixture('yourls-url-table-no-header.csv')))).toEqual([
      {
        row: 1,
        url: 'https://docs.example.org/',
        shortCode: 'docs',
        domain: null,
        title: 'Docs',
        tags: [],
        createdAt: Date.UTC(2020, 1, 2, 2, 2, 2),
        clicks: 9,
      },
      {
        row: 2,
        url: 'https://blog.example.org/',
        shortCode: 'blog',
        domain: null,
        title: null,
        tags: [],
        createdAt: Date.UTC(2020, 2, 3, 3, 3, 3),
        clicks: 0,
      },
    ]);
  });

  it('refuses a Dub export and says so', async () => {
    const error = await collect(readYourlsExport(fixture('dub-links.csv'))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileProblem);
    expect((error as Error).message).toMatch(
      /^This is not a YOURLS database export \(the yourls_url table as CSV\): its header needs "keyword" and "url"; found "Short link", .* It looks like a Dub links export: choose dub as the source\.$/,
    );
  });
});
