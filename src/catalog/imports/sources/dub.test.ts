import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FileProblem } from '../../bulk/bulk.rows.js';
import type { ImportRecord } from '../import.types.js';
import { readDubExport } from './dub.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../../../test/fixtures/imports/${name}`, import.meta.url));

async function collect(records: AsyncGenerator<ImportRecord>): Promise<ImportRecord[]> {
  const all: ImportRecord[] = [];
  for await (const record of records) all.push(record);
  return all;
}

describe('readDubExport', () => {
  it("reads the labelled export: domain and key from the short link, a root link without ending, tags without Dub's formula guard", async () => {
    expect(await collect(readDubExport(fixture('dub-links.csv')))).toEqual([
      {
        row: 1,
        url: 'https://acme.test/launch?ref=dub',
        shortCode: 'launch',
        domain: 'dub.sh',
        title: null,
        tags: ['product', 'launch'],
        createdAt: Date.UTC(2025, 10, 3, 9, 12, 45, 120),
        clicks: 152,
      },
      {
        row: 2,
        url: 'https://acme.test/speisekarte',
        shortCode: 'menu',
        domain: 'go.acme.test',
        title: null,
        tags: ['Käse & Brot', '-beta'],
        createdAt: Date.UTC(2025, 10, 4, 10, 0, 0),
        clicks: 9,
      },
      {
        row: 3,
        url: 'https://acme.test/',
        shortCode: null,
        domain: 'go.acme.test',
        title: null,
        tags: [],
        createdAt: Date.UTC(2025, 10, 5, 11, 0, 0),
        clicks: 3,
      },
      { row: 4, error: { row: 4, field: 'url', message: 'The row has no destination: its "Destination URL" is empty.' } },
    ]);
  });

  it('reads the export of 2024, whose header has the column ids', async () => {
    expect(await collect(readDubExport(fixture('dub-links-2024.csv')))).toEqual([
      {
        row: 1,
        url: 'https://example.com/abc',
        shortCode: 'abc',
        domain: 'dub.sh',
        title: null,
        tags: ['news'],
        createdAt: Date.UTC(2024, 7, 1),
        clicks: 10,
      },
    ]);
  });

  it('refuses a YOURLS export and says so', async () => {
    await expect(collect(readDubExport(fixture('yourls-url-table.csv')))).rejects.toThrow(
      /^This is not a Dub links export: its header needs "Destination URL" and "Short link"; found "keyword", .* It looks like a YOURLS database export/,
    );
  });

  it('yields the rows before a file cut in the middle of a row, then refuses it naming the row', async () => {
    const seen: ImportRecord[] = [];
    const error = await (async () => {
      for await (const record of readDubExport(fixture('dub-cut-mid-row.csv'))) seen.push(record);
    })().catch((e: unknown) => e);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ row: 1, shortCode: 'launch' });
    expect(error).toBeInstanceOf(FileProblem);
    expect((error as Error).message).toBe(
      "The file ends in the middle of row 2 (2 of the header's 5 columns): it was cut short; export it again.",
    );
  });
});
