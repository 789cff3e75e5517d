import { closeSync, existsSync, openSync, statSync, utimesSync } from 'node:fs';
import type BetterSqlite3 from 'better-sqlite3';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';

/** How long a connection waits for SQLite's write lock before its write fails, as `busy_timeout` did. */
export const LOCK_WAIT_MS = 5_000;
/** A waiting mark older than this is forgotten (its waiter got the lock, gave up, or is gone). */
const MARK_FRESH_MS = 20;
/** The longest a connection that gives way waits for others between two of its transactions. */
const GIVE_WAY_MAX_MS = 100;

/**
 * Makes the mark's file if needed; false when this process cannot (a file another user made): the
 * store then works without marks, its writes waiting in turn all the same, only less promptly.
 */
function canWrite(file: string): boolean {
  try {
    const made = !existsSync(file);
    closeSync(openSync(file, 'a'));
    // A new file's time is now: dated at the epoch, it does not read as a waiter that just marked.
    if (made) utimesSync(file, 0, 0);
    return true;
  } catch {
    return false;
  }
}

const isBusy = (error: unknown): boolean => (error as { code?: string })?.code?.startsWith('SQLITE_BUSY') === true;

/**
 * Taking a SQLite store's write lock in turn with the file's other connections. SQLite
 * lets one connection write at a time; the events writer (a thread of its own, or a cluster's
 * primary) writes in transactions back to back under a flood, and SQLite's own busy wait sleeps
 * the thread and retries at moments that nearly always fall inside the writer's next transaction:
 * an API write then waited seconds, holding the event loop, and failed.
 *
 * Here a transaction begins IMMEDIATE (the lock taken first, so a transaction that reads and then
 * writes never fails to upgrade its read). A connection that finds the lock taken waits without
 * holding its thread, retrying each turn of the event loop and then every millisecond, and marks
 * itself as waiting in a file beside the store (its modification time: any process on the machine
 * can see it). A connection that gives way (the events writer's) looks at that mark before each of
 * its transactions and waits while it is fresh, at most GIVE_WAY_MAX_MS, so a waiter gets the lock
 * between two of its transactions instead of racing it.
 */
export class WriteTurns {
  private lastMark = 0;
  /** The mark's file; null for a store only this connection uses (in memory), or one it cannot write. */
  private readonly markFile: string | null;

  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    markFile: string | null,
    /** This connection writes back to back and lets waiting connections go first. */
    private readonly givesWay: boolean,
  ) {
    this.markFile = markFile && canWrite(markFile) ? markFile : null;
  }

  /** Whether the connection is inside a transaction (SQLite's own answer, whoever began it). */
  get inTransaction(): boolean {
    return this.sqlite.inTransaction;
  }

  /** Begins an IMMEDIATE transaction once this connection holds the write lock. */
  async begin(): Promise<void> {
    if (this.givesWay) await this.giveWay();
    if (this.tryBegin() === null) return;
    const started = Date.now();
    for (let attempt = 0; ; attempt += 1) {
      this.mark();
      await (attempt < 3 ? nextTurn() : sleep(1));
      const busy = this.tryBegin();
      if (busy === null) return this.unmark();
      if (Date.now() - started > LOCK_WAIT_MS) {
        this.unmark();
        throw busy;
      }
    }
  }

  /** Takes the lock if it is free at once (no busy wait, which would hold the thread); else SQLite's error. */
  private tryBegin(): unknown {
    this.sqlite.pragma('busy_timeout = 0');
    try {
      this.sqlite.exec('begin immediate');
      return null;
    } catch (error) {
      if (isBusy(error)) return error;
      throw error;
    } finally {
      this.sqlite.pragma(`busy_timeout = ${LOCK_WAIT_MS}`);
    }
  }

  /**
   * Whether another connection is waiting for the write lock now, for a connection that gives way
   * : it then ends its transaction at the next point it may. Undefined when this connection
   * cannot tell (it gives no way, or the store has no mark): it should then keep its transactions short.
   */
  get othersWaiting(): (() => boolean) | undefined {
    if (!this.givesWay || !this.markFile) return undefined;
    return () => this.markedWithin(MARK_FRESH_MS);
  }

  private async giveWay(): Promise<void> {
    if (!this.markFile) return;
    const until = Date.now() + GIVE_WAY_MAX_MS;
    while (Date.now() < until && this.markedWithin(MARK_FRESH_MS)) await sleep(1);
  }

  private markedWithin(ms: number): boolean {
    try {
      const age = Date.now() - statSync(this.markFile!).mtimeMs;
      // A mark from the future (the clock stepped back) is not a waiter.
      return age >= 0 && age < ms;
    } catch {
      return false;
    }
  }

  /** Sets the mark's time to now, at most once a millisecond (a connection that gives way never marks). */
  private mark(): void {
    const now = Date.now();
    if (!this.markFile || this.givesWay || now === this.lastMark) return;
    this.lastMark = now;
    try {
      utimesSync(this.markFile, now / 1000, now / 1000);
    } catch {
      // No mark: the lock is still taken in time, only less promptly.
    }
  }

  /** Clears the mark once this connection has the lock (another waiter marks it again on its next try). */
  private unmark(): void {
    if (!this.markFile || this.lastMark === 0) return;
    this.lastMark = 0;
    try {
      utimesSync(this.markFile, 0, 0);
    } catch {
      // A stale mark is forgotten after MARK_FRESH_MS.
    }
  }
}
