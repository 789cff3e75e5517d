import { Worker } from 'node:worker_threads';
import type { Config } from '../config/config.js';
import { MessageWriterLink, type Port, type RecorderLog, type ToWriter } from '../traffic/index.js';

/** The events' batch writer on a thread of its own, and the link the recorder feeds it through. */
export interface WriterThread {
  link: MessageWriterLink;
  /** Commits what was sent, then ends the thread (after the recorder has closed). */
  stop(): Promise<void>;
}

type Control = { qrelay: 'writer-thread'; t: 'ready' } | { qrelay: 'writer-thread'; t: 'failed'; message: string };

/**
 * Starts the writer thread: it opens its own connection to the store (on SQLite the one
 * connection that writes events) and commits the batches, so the serving thread never waits for one.
 */
export async function startWriterThread(config: Config, log: RecorderLog): Promise<WriterThread> {
  const worker = new Worker(new URL('./writer-thread.entry.js', import.meta.url), { workerData: { config } });
  const port: Port<ToWriter, unknown> = {
    post: (message) => worker.postMessage(message),
    onMessage: (listener) => worker.on('message', listener),
  };
  const link = new MessageWriterLink(port, log);
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      link.fail('the events writer thread stopped');
      if (!stopping) log.error({ code }, 'the events writer thread stopped; hits stay in the journal until the next start');
      resolve();
    }),
  );
  worker.on('error', (error) => log.error({ err: error }, 'the events writer thread failed'));
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (message: Control) => {
      if (message?.qrelay !== 'writer-thread') return;
      if (message.t === 'ready') resolve();
      else reject(new Error(`the events writer could not start: ${message.message}`));
    });
    void exited.then(() => reject(new Error('the events writer thread stopped before it was ready')));
  });
  return {
    link,
    async stop() {
      stopping = true;
      worker.postMessage({ qrelay: 'writer-thread', t: 'stop' });
      await exited;
    },
  };
}
