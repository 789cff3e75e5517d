import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { FileProblem } from '../../bulk/bulk.rows.js';
import type { ImportRecord } from '../import.types.js';
import { readCsv } from './csv.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../../../test/fixtures/imports/${name}`, import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'qrelay-import-csv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file of `content` in a fresh temporary folder. */
function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

async function collect(records: AsyncGenerator<ImportRecord>): Promise<ImportRecord[]> {
  const all: ImportRecord[] = [];
  for await (const record of records) all.push(record);
  return all;
}

describe('readCsv', () => {
  it('reads url,shortCode,name saved as CSV UTF-8 (with a byte order mark)', async () => {
    const empty = { domain: null, tags: [], createdAt: null, clicks: null };
    expect(await collect(readCsv(fixture('links.csv')))).toEqual([
      { row: 1, url: 'https://example.com/a', shortCode: 'promo-a', title: 'Promo A', ...empty },
      { row: 2, url: 'https://example.com/b', shortCode: null, title: 'Ünïcode näme ✓', ...empty },
      { row: 3, error: { row: 3, field: 'url', message: 'The row has no destination: its "url" is empty.' } },
      { row: 4, url: 'https://example.com/c', shortCode: 'c-code', title: null, ...empty },
    ]);
  });

  it('takes the columns in any order, case and spacing, and title for name', async () => {
    const path = file('variant.csv', 'Title, Short Code ,URL\nHello,hi-there,https://example.com/hi\n');
    expect(await collect(readCsv(path))).toEqual([
      {
        row: 1,
        url: 'https://example.com/hi',
        shortCode: 'hi-there',
        domain: null,
        title: 'Hello',
        tags: [],
        createdAt: null,
        clicks: null,
      },
    ]);
  });

  it('refuses a column of its own that it does not know, and a name given twice', async () => {
    await expect(collect(readCsv(file('extra.csv', 'url,shortCode,folder\nhttps://a.test,abc,x\n')))).rejects.toThrow(
      'The header has a column "folder" that a CSV of url,shortCode,name does not have; its columns are "url", "shortCode" and "name" (or "title").',
    );
    await expect(collect(readCsv(file('twice.csv', 'url,name,title\nhttps://a.test,a,b\n')))).rejects.toThrow(
      'The header has both "name" and "title": keep one.',
    );
  });

  it("refuses another product's export, naming it", async () => {
    const error = await collect(readCsv(fixture('yourls-url-table.csv'))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileProblem);
    expect((error as Error).message).toMatch(/It looks like a YOURLS database export .*: choose yourls as the source\.$/);
    await expect(collect(readCsv(fixture('shlink-short-urls.csv')))).rejects.toThrow(/choose shlink as the source\.$/);
  });

  it('refuses a file that is not UTF-8, with nothing read', async () => {
    const seen: ImportRecord[] = [];
    const error = await (async () => {
      for await (const record of readCsv(fixture('latin1.csv'))) seen.push(record);
    })().catch((e: unknown) => e);
    expect(seen).toEqual([]);
    expect(error).toBeInstanceOf(FileProblem);
    expect(error).toMatchObject({
      field: 'file',
      message: 'The file is not CSV text in UTF-8 (a byte is not UTF-8): export it again as CSV.',
    });
  });

  it('refuses an empty file and one separated by semicolons', async () => {
    await expect(collect(readCsv(file('empty.csv', '')))).rejects.toThrow(
      'The file is empty: a CSV of url,shortCode,name starts with its header row.',
    );
    await expect(collect(readCsv(file('semicolons.csv', 'url;shortCode;name\nhttps://a.test;abc;A\n')))).rejects.toThrow(
      "The file's columns are separated by semicolons: save it as CSV with commas.",
    );
  });

  it('reports a row whose fields do not match the header and goes on', async () => {
    const path = file('widths.csv', 'url,shortCode,name\nhttps://a.test,a\nhttps://b.test,b,B,extra\nhttps://c.test,c,C\n');
    expect(await collect(readCsv(path))).toEqual([
      { row: 1, error: { row: 1, field: '', message: 'The row has 2 fields; the header has 3.' } },
      { row: 2, error: { row: 2, field: '', message: 'The row has 4 fields; the header has 3.' } },
      { row: 3, url: 'https://c.test', shortCode: 'c', domain: null, title: 'C', tags: [], createdAt: null, clicks: null },
    ]);
  });

  it('reads a last row without a line break, and refuses one cut short', async () => {
    expect(await collect(readCsv(file('no-newline.csv', 'url,shortCode,name\nhttps://a.test,a,A')))).toHaveLength(1);
    await expect(collect(readCsv(file('cut.csv', 'url,shortCode,name\nhttps://a.test,a,A\nhttps://b.te')))).rejects.toThrow(
      "The file ends in the middle of row 2 (1 of the header's 3 columns): it was cut short; export it again.",
    );
  });

  it('reports a row with a stray quote and goes on; leaves a file that cannot be opened to the caller', async () => {
    const path = file('quote.csv', 'url,shortCode,name\nhttps://a.test,a,A\nhttps://b.test,b"x,B\nhttps://c.test,c,C\n');
    const records = await collect(readCsv(path));
    expect(records.map((record) => ('url' in record ? record.shortCode : record.error.message))).toEqual([
      'a',
      expect.stringMatching(/^The row is not valid CSV: Invalid Opening Quote/),
      'c',
    ]);
    expect(records.map((record) => record.row)).toEqual([1, 2, 3]);
    await expect(collect(readCsv(file('header-quote.csv', '"url,shortCode,name\n')))).rejects.toThrow(
      'The file ends inside a quoted field of its header row: it was cut short or a quote is missing; export it again.',
    );
    const missing = await collect(readCsv(join(dir, 'missing.csv'))).catch((e: unknown) => e);
    expect(missing).not.toBeInstanceOf(FileProblem);
    expect(missing).toMatchObject({ code: 'ENOENT' });
  });

  it('reads a long file a row at a time and can stop after the first rows', async () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => `https://example.com/${i},code-${i},Name ${i}`);
    const path = file('long.csv', `url,shortCode,name\n${rows.join('\n')}\n`);
    const first: ImportRecord[] = [];
    for await (const record of readCsv(path)) {
      first.push(record);
      if (first.length === 3) break;
    }
    expect(first.map((record) => ('url' in record ? record.shortCode : null))).toEqual(['code-0', 'code-1', 'code-2']);
    let count = 0;
    for await (const record of readCsv(path)) count = record.row;
    expect(count).toBe(50_000);
  });
});
