import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';

describe('SQLite writes in turn', () => {
  let dir: string;
  let file: string;
  const open: Database[] = [];
  const raw: BetterSqlite3.Database[] = [];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'qrelay-turns-'));
    file = join(dir, 'store.db');
    const setup = new BetterSqlite3(file);
    setup.pragma('journal_mode = WAL');
    setup.exec('create table t (who text not null, n integer not null)');
    setup.close();
  });

  afterEach(async () => {
    for (const c of raw.splice(0)) c.close();
    for (const d of open.splice(0)) await d.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const store = (givesWay = false): Database => {
    const d = openDatabase(`sqlite:${file}`, { givesWay });
    open.push(d);
    return d;
  };

  /** Another connection in the middle of a write transaction (as the events writer is during a batch), ended later. */
  const holdLock = (): (() => void) => {
    const other = new BetterSqlite3(file);
    raw.push(other);
    other.exec('begin immediate');
    other.prepare("insert into t values ('other', 1)").run();
    return () => other.exec('commit');
  };

  /** Counts the turns of the event loop until stopped: a wait that held the thread would leave it at 0. */
  const countTurns = () => {
    const counter = { turns: 0, stopped: false };
    void (async () => {
      while (!counter.stopped) {
        await nextTurn();
        counter.turns += 1;
      }
    })();
    return counter;
  };

  const rows = (d: Database) =>
    sql<{ who: string; n: number }>`select who, n from t order by rowid`.execute(d.db).then((r) => r.rows);

  /**
   * Runs `write` while another connection holds the write lock for 30 ms more; returns how many turns
   * the event loop made meanwhile (a wait that held the thread would leave it at 0).
   */
  async function whileLockHeld(write: () => Promise<unknown>): Promise<number> {
    const release = holdLock();
    const turns = countTurns();
    const released = sleep(30).then(release);
    await write();
    turns.stopped = true;
    await released;
    return turns.turns;
  }

  it('lets a transaction that reads and then writes wait for the lock, with the event loop turning, and commit', async () => {
    const d = store();
    const turns = await whileLockHeld(() =>
      d.db.transaction().execute(async (trx) => {
        const { rows: before } = await sql<{ n: number }>`select count(*) as n from t`.execute(trx);
        await sql`insert into t values ('api', ${Number(before[0]!.n) + 1})`.execute(trx);
      }),
    );
    expect(turns).toBeGreaterThan(0);
    // The transaction began once the other had committed, so it read the other's row.
    expect(await rows(d)).toEqual([
      { who: 'other', n: 1 },
      { who: 'api', n: 2 },
    ]);
  });

  it('lets a single write outside a transaction wait for the lock without holding the event loop', async () => {
    const d = store();
    const turns = await whileLockHeld(() => sql`insert into t values ('api', 7)`.execute(d.db));
    expect(turns).toBeGreaterThan(0);
    expect(await rows(d)).toEqual([
      { who: 'other', n: 1 },
      { who: 'api', n: 7 },
    ]);
  });

  it('opens a store whose waiting mark cannot be made, and its writes still wait in turn', async () => {
    mkdirSync(`${file}-waiting`);
    const d = store();
    const turns = await whileLockHeld(() => sql`insert into t values ('api', 3)`.execute(d.db));
    expect(turns).toBeGreaterThan(0);
    expect(await rows(d)).toEqual([
      { who: 'other', n: 1 },
      { who: 'api', n: 3 },
    ]);
  });

  it('reads while another connection holds the write lock, without waiting for it', async () => {
    const d = store();
    const release = holdLock();
    try {
      await expect(rows(d)).resolves.toEqual([]);
    } finally {
      release();
    }
  });

  it('tells a connection that gives way whether another waits for the lock, and only such a connection', async () => {
    const writer = store(true);
    const api = store();
    expect(api.othersWaiting).toBeUndefined();
    expect(writer.othersWaiting!()).toBe(false);
    const release = holdLock();
    const waiting = sql`insert into t values ('api', 5)`.execute(api.db);
    await nextTurn();
    expect(writer.othersWaiting!()).toBe(true);
    release();
    await waiting;
    // The waiter has the lock and wrote: nobody waits any more.
    expect(writer.othersWaiting!()).toBe(false);
    expect((await rows(api)).map((r) => r.who)).toEqual(['other', 'api']);
  });

  it('cannot tell who waits without a mark, so gives no answer', () => {
    mkdirSync(`${file}-waiting`);
    expect(store(true).othersWaiting).toBeUndefined();
  });

  /**
   * A connection that writes back to back, as the events writer does under a flood: each transaction
   * holds the lock across a turn of the event loop and the next begins at once after the commit.
   */
  async function writeBackToBack(d: Database, transactions: number, progress: { done: number }) {
    for (let i = 0; i < transactions; i += 1) {
      await d.db.transaction().execute(async (trx) => {
        await sql`insert into t values ('writer', ${i})`.execute(trx);
        await sleep(5);
      });
      progress.done += 1;
    }
  }

  /** An API write made while a connection writes 40 transactions back to back: how many it had done when the write committed. */
  async function apiWriteAmid(givesWay: boolean): Promise<number> {
    const writer = store(givesWay);
    const api = store();
    const progress = { done: 0 };
    const writing = writeBackToBack(writer, 40, progress);
    while (progress.done < 2) await nextTurn();
    await sql`insert into t values ('api', 0)`.execute(api.db);
    const doneWhenApiCommitted = progress.done;
    await writing;
    expect((await rows(api)).filter((r) => r.who === 'writer')).toHaveLength(40);
    return doneWhenApiCommitted;
  }

  it("gets a waiting write in between the events writer's transactions, which gives way", async () => {
    expect(await apiWriteAmid(true)).toBeLessThan(40);
  });

  it('without giving way, a writer back to back keeps the lock from a waiting write until it stops', async () => {
    // What the writer's giving way is for: the write gets in only once the writer is done.
    expect(await apiWriteAmid(false)).toBe(40);
  });
});
