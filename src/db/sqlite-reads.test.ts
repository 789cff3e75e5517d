import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';
import type { Schema } from './schema.js';

describe('SQLite reads on a connection of their own', () => {
  let dir: string;
  let file: string;
  let store: Database;
  const raw: BetterSqlite3.Database[] = [];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'qrelay-reads-'));
    file = join(dir, 'store.db');
    const setup = new BetterSqlite3(file);
    setup.pragma('journal_mode = WAL');
    setup.exec("create table t (who text not null); insert into t values ('first')");
    setup.close();
    store = openDatabase(`sqlite:${file}`);
  });

  afterEach(async () => {
    for (const c of raw.splice(0)) c.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Another connection holding the write lock (as the events writer does during a batch) until released. */
  const holdLock = (): (() => void) => {
    const other = new BetterSqlite3(file);
    raw.push(other);
    other.exec('begin immediate');
    return () => other.exec('commit');
  };

  const who = async (db: Kysely<Schema>): Promise<string[]> =>
    (await sql<{ who: string }>`select who from t order by rowid`.execute(db)).rows.map((r) => r.who);

  /** What `work` resolves to, or 'still waiting' if it has not within a second. */
  const within = <T>(work: Promise<T>): Promise<T | 'still waiting'> =>
    Promise.race([work, sleep(1_000).then(() => 'still waiting' as const)]);

  it('answers a read at once while a write of the same connection waits for the lock, with what is committed', async () => {
    const release = holdLock();
    const write = sql`insert into t values ('waiting')`.execute(store.db);
    // Before, the read queued behind the waiting write until the other connection let go.
    expect(await within(who(store.db))).toEqual(['first']);
    release();
    await write;
    expect(await who(store.db)).toEqual(['first', 'waiting']);
  });

  it('answers a read at once while another caller holds a transaction, without its uncommitted rows', async () => {
    let commit!: () => void;
    const open = new Promise<void>((resolve) => (commit = resolve));
    let inside: string[] = [];
    const transaction = store.db.transaction().execute(async (trx) => {
      await sql`insert into t values ('inside')`.execute(trx);
      // The transaction reads its own rows, on the writing connection.
      inside = await who(trx);
      await open;
    });
    await sleep(20);
    expect(inside).toEqual(['first', 'inside']);
    expect(await within(who(store.db))).toEqual(['first']);
    commit();
    await transaction;
    expect(await who(store.db)).toEqual(['first', 'inside']);
  });

  it('sees a write as soon as it has committed', async () => {
    await sql`insert into t values ('second')`.execute(store.db);
    expect(await who(store.db)).toEqual(['first', 'second']);
  });
});
