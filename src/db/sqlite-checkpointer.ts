import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the checkpointer copies the write-ahead log into the store file. */
const EVERY_MS = 1_000;

/**
 * SQLite's checkpoints (copying the write-ahead log into the store file, then syncing it) on a
 * thread of their own. SQLite would run one inside the commit that finds the log past its
 * threshold, on the serving thread, holding every request for the length of a file sync; PASSIVE
 * checkpoints from another connection wait for no one and hold nobody up. Answers a stop.
 */
export function startCheckpointer(file: string): () => Promise<void> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const Database = require(workerData.driver);
     const db = new Database(workerData.file);
     db.pragma('busy_timeout = 1000');
     const timer = setInterval(() => {
       try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
     }, workerData.every);
     parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.close(); });`,
    { eval: true, workerData: { file, every: EVERY_MS, driver: createRequire(import.meta.url).resolve('better-sqlite3') } },
  );
  worker.unref();
  return async () => {
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    // Held until it has closed its connection: a process ending meanwhile would leave it half-closed.
    worker.ref();
    worker.postMessage('stop');
    await exited;
  };
}
