import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';

describe("a SQLite store's checkpoints", () => {
  let dir: string;
  let store: Database | null = null;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'qrelay-checkpoints-'));
  });
  afterEach(async () => {
    await store?.close();
    store = null;
    rmSync(dir, { recursive: true, force: true });
  });

  it('never run in a commit on the serving connection, and reach the file from a thread of their own', async () => {
    const file = join(dir, 'store.db');
    store = openDatabase(`sqlite:${file}`);
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(store.db);
    expect(rows[0]?.wal_autocheckpoint).toBe(0);
    await sql`create table filler (n integer primary key, text text not null)`.execute(store.db);
    const before = statSync(file).size;
    await store.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 200; i += 1) await sql`insert into filler (text) values (${'x'.repeat(20_000)})`.execute(trx);
    });
    // Only a checkpoint writes the store file itself: it grows once the checkpointer has copied the log.
    const deadline = performance.now() + 10_000;
    while (statSync(file).size <= before + 4_000_000 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(statSync(file).size).toBeGreaterThan(before + 4_000_000);
  });
});
