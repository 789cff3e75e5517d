import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupSqlite, inspectStore, restoreSqlite } from './backup.js';
import { openDatabase, STORE_PAGE_SIZE } from './database.js';
import { migrateToLatest } from './migrate.js';

const pageSizeOf = (file: string): number => {
  const sqlite = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    return sqlite.pragma('page_size', { simple: true }) as number;
  } finally {
    sqlite.close();
  }
};

/** A migrated store with one account, made with `pageSize` (as a store made before the page size was set). */
async function storeWith(file: string, pageSize: number | null, name: string): Promise<void> {
  if (pageSize !== null) {
    const sqlite = new BetterSqlite3(file);
    sqlite.pragma(`page_size = ${pageSize}`);
    sqlite.pragma('journal_mode = WAL');
    sqlite.close();
  }
  const database = openDatabase(`sqlite:${file}`);
  try {
    await migrateToLatest(database);
    await database.db
      .insertInto('accounts')
      .values({ id: `acc-${name}`, name, plan: 'free', status: 'active', domain: null, created_at: Date.now() })
      .execute();
  } finally {
    await database.close();
  }
}

describe('the page size of a SQLite store', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'qrelay-pages-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('gives a new store larger pages and leaves an existing store its own', async () => {
    expect(STORE_PAGE_SIZE).toBeGreaterThan(4096);
    const fresh = join(dir, 'fresh.db');
    await storeWith(fresh, null, 'fresh');
    expect(pageSizeOf(fresh)).toBe(STORE_PAGE_SIZE);

    const older = join(dir, 'older.db');
    await storeWith(older, 4096, 'older');
    // Opened again as qrelay opens it: still 4 KiB pages, still readable and writable.
    await storeWith(older, null, 'again');
    expect(pageSizeOf(older)).toBe(4096);
    expect(inspectStore(older).accounts).toBe(2);
  });

  it('restores a backup over a store of another page size, both ways', async () => {
    const small = join(dir, 'small.db');
    const large = join(dir, 'large.db');
    await storeWith(small, 4096, 'small');
    await storeWith(large, null, 'large');
    const smallCopy = join(dir, 'small.backup.db');
    const largeCopy = join(dir, 'large.backup.db');
    await backupSqlite(small, smallCopy);
    await backupSqlite(large, largeCopy);

    await restoreSqlite(smallCopy, large);
    expect(pageSizeOf(large)).toBe(4096);
    await restoreSqlite(largeCopy, small);
    expect(pageSizeOf(small)).toBe(STORE_PAGE_SIZE);

    // A store whose schema SQLite cannot read any more is restored over all the same.
    const damaged = join(dir, 'damaged.db');
    await storeWith(damaged, null, 'damaged');
    const bytes = readFileSync(damaged);
    bytes.fill(0xa5, 100, STORE_PAGE_SIZE);
    writeFileSync(damaged, bytes);
    expect(() => inspectStore(damaged)).toThrow();
    await restoreSqlite(largeCopy, damaged);
    expect(inspectStore(damaged).accounts).toBe(1);

    // Each store now holds the other's account, and opens and writes as qrelay runs it.
    await storeWith(large, null, 'after');
    await storeWith(small, null, 'after');
    for (const [file, was] of [
      [large, 'acc-small'],
      [small, 'acc-large'],
    ] as const) {
      const sqlite = new BetterSqlite3(file, { readonly: true });
      try {
        expect(sqlite.prepare('select id from accounts order by id').pluck().all()).toEqual(['acc-after', was]);
        expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
      } finally {
        sqlite.close();
      }
    }
  });
});
