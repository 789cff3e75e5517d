import type BetterSqlite3 from 'better-sqlite3';

/** The write-ahead log's size at which the checkpointing connection copies it into the file, whatever the page size. */
export const WAL_CHECKPOINT_BYTES = 40 * 1024 * 1024;

/** How often the checkpointing connection looks whether it has been idle, and checkpoints if so. */
export const IDLE_CHECKPOINT_MS = 5_000;

/**
 * Who checkpoints a store file's write-ahead log. SQLite runs a checkpoint inside the
 * commit that finds the log past the threshold, on whichever connection commits, and a checkpoint of
 * 40 MiB holds that connection's thread for tens of milliseconds. Only the connection that writes
 * the events in the background (`givesWay`: the writer thread's, a cluster primary's) may do so;
 * every other connection, the serving thread's among them, never checkpoints.
 *
 * The checkpointing connection checkpoints when one of its own commits crosses the threshold, and,
 * when it has committed nothing for `idleMs`, copies what the other connections wrote meanwhile
 * (PASSIVE: it waits for no one, and nobody waits for it). A failed checkpoint is left to the next
 * one, as SQLite leaves a failed automatic checkpoint. Answers a function that stops the timer.
 */
export function assignCheckpoints(
  sqlite: BetterSqlite3.Database,
  checkpoints: boolean,
  idleMs: number = IDLE_CHECKPOINT_MS,
): () => void {
  const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
  sqlite.pragma(`wal_autocheckpoint = ${checkpoints ? Math.round(WAL_CHECKPOINT_BYTES / pageSize) : 0}`);
  if (!checkpoints) return () => undefined;
  const changes = sqlite.prepare('select total_changes()').pluck();
  let seen = changes.get();
  const timer = setInterval(() => {
    try {
      const now = changes.get();
      if (now === seen && !sqlite.inTransaction) sqlite.pragma('wal_checkpoint(PASSIVE)');
      seen = now;
    } catch {
      // Left to the next tick or commit, as SQLite's own automatic checkpoint is.
    }
  }, idleMs);
  timer.unref();
  return () => clearInterval(timer);
}
