import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from '../config/config.js';
import { openDatabase } from '../db/database.js';
import { systemClock } from '../lib/clock.js';
import { portLog, serveWriter, type FromWriter, type Port } from '../traffic/index.js';
import { buildBatchWriter } from '../services.js';

/** The writer thread (started by writer-thread.ts): its own store connection and the batch writer. */
const parent = parentPort!;
const { config } = workerData as { config: Config };
const port: Port<FromWriter, unknown> = {
  post: (message) => parent.postMessage(message),
  onMessage: (listener) => parent.on('message', listener),
};
try {
  const database = openDatabase(config.databaseUrl, { schema: config.databaseSchema ?? undefined, poolSize: 2, givesWay: true });
  const writer = buildBatchWriter(database, config, systemClock, { log: portLog(port) });
  serveWriter(writer, port, 'main');
  parent.on('message', (message: { qrelay?: string; t?: string }) => {
    if (message?.qrelay !== 'writer-thread' || message.t !== 'stop') return;
    writer
      .close()
      .catch((error: unknown) => portLog(port).error({ err: error }, 'events not committed at close; the journal keeps them'))
      .finally(() => void database.close().finally(() => parent.close()));
  });
  parent.postMessage({ qrelay: 'writer-thread', t: 'ready' });
} catch (error) {
  parent.postMessage({ qrelay: 'writer-thread', t: 'failed', message: (error as Error).message });
}
