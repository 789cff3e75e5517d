import cluster, { type Worker } from 'node:cluster';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.js';
import { startJobs } from '../jobs/index.js';
import { systemClock } from '../lib/clock.js';
import { IpcInvalidationBus, isInvalidation, type InvalidationMessage } from '../platform/index.js';
import { buildServices, openInfrastructure, type Services } from '../services.js';

const LOCK_ATTEMPTS = 50;
const LOCK_RETRY_MS = 100;

/** The folder of worker `index`'s own journal, inside the configured one. */
export const workerJournal = (dir: string, index: number): string => join(dir, `worker-${index}`);

/**
 * Sends to a worker without ever stopping the primary. A worker killed a moment ago still looks
 * connected until the end of its channel is read, and a send to it then fails with EPIPE; without a
 * callback that failure is an 'error' event on the Worker, which nothing would hear and which would
 * stop the primary and with it every worker. The worker is replaced on its 'exit', and
 * nothing sent to it is needed by its successor (it replays its own journal and starts with empty caches).
 */
export function sendToWorker(worker: Worker, message: object, onFailure: (error: Error) => void): void {
  if (!worker.isConnected()) return;
  worker.send(message, (error: Error | null) => {
    if (error) onFailure(error);
  });
}

/** What a worker is told by its primary when it starts. */
export interface WorkerStart {
  qrelay: 'worker-start';
  setupSecret: string | null;
}

/**
 * The primary of `WORKERS=N` (PostgreSQL only): forks N serving workers on one port, each writing
 * its own events; commits what the journals of a previous run left, runs the jobs (once per machine)
 * and the cache invalidation relay (without Redis); replaces a worker that dies (the new one replays
 * its journal) and, on SIGTERM, lets every worker drain before stopping.
 */
export async function runPrimary(config: Config, log: FastifyBaseLogger, shutdownLimitMs: number): Promise<void> {
  const workers = new Map<number, Worker>();
  const dropped = (worker: Worker) => (error: Error) =>
    log.debug({ worker: worker.id, code: (error as NodeJS.ErrnoException).code }, 'a message to a stopped worker was dropped');
  const broadcast = (message: InvalidationMessage, except?: Worker) => {
    for (const w of workers.values()) if (w !== except) sendToWorker(w, message, dropped(w));
  };
  const infra = await openInfrastructure(config, {
    clock: systemClock,
    log,
    localBus: () => new IpcInvalidationBus(broadcast, () => undefined),
  });
  const services = buildServices(infra);
  // What a previous run left in any journal (the single process's, every worker's) is committed first.
  let replayed = await services.traffic.recorder.start({ journalDir: config.events.journalDir, log });
  if (config.events.journalDir) replayed += await replayWorkers(config, services, log);
  if (replayed > 0) log.info({ replayed }, 'events replayed from the journal');
  const jobs = startJobs(infra, services, log);
  const setupSecret = await services.identity.setup.open();

  let stopping = false;
  const fork = (index: number) => {
    const worker = cluster.fork({ QRELAY_WORKER_INDEX: String(index) });
    workers.set(index, worker);
    worker.on('message', (message: unknown) => {
      if (isInvalidation(message)) broadcast(message, worker);
    });
    worker.on('listening', () =>
      sendToWorker(worker, { qrelay: 'worker-start', setupSecret } satisfies WorkerStart, dropped(worker)),
    );
    // Any other failure of the channel: the worker's 'exit' replaces it; the primary keeps serving.
    worker.on('error', (error: NodeJS.ErrnoException) =>
      log.warn({ worker: index, code: error.code }, 'a worker channel failed'),
    );
    worker.on('exit', (code, signal) => {
      if (workers.get(index) === worker) workers.delete(index);
      if (stopping) return;
      log.error({ worker: index, code, signal }, 'a worker stopped; starting another in its place');
      fork(index);
    });
  };
  for (let i = 1; i <= config.workers; i += 1) fork(i);
  log.info({ workers: config.workers }, `qrelay is serving with ${config.workers} workers at ${config.publicUrl}`);
  if (setupSecret) {
    log.warn(
      { setupUrl: `${config.publicUrl}/app/setup?token=${setupSecret}` },
      'no account yet: open the set-up address (valid until used) to create the first account and its owner',
    );
  }

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: draining every worker');
    const force = setTimeout(() => {
      log.error({ limitMs: shutdownLimitMs }, 'shutdown took too long; exiting');
      process.exit(1);
    }, shutdownLimitMs);
    force.unref();
    const exits = [...workers.values()].map((w) => new Promise((resolve) => w.once('exit', resolve)));
    for (const w of workers.values()) w.process.kill('SIGTERM');
    await Promise.all(exits);
    try {
      await services.traffic.recorder.close();
      await jobs.stop();
      await infra.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** Commits what every worker journal left behind (a killed machine, or fewer workers than last time). */
async function replayWorkers(config: Config, services: Services, log: FastifyBaseLogger): Promise<number> {
  const dir = config.events.journalDir!;
  let folders: string[] = [];
  try {
    folders = readdirSync(dir).filter((f) => /^worker-\d+$/.test(f));
  } catch {
    return 0;
  }
  let replayed = 0;
  for (const folder of folders) {
    // A worker of a primary that was killed exits at once; its folder is free a moment later.
    for (let attempt = 1; ; attempt += 1) {
      try {
        replayed += await services.traffic.recorder.replayFolder(join(dir, folder));
        break;
      } catch (error) {
        if (attempt >= LOCK_ATTEMPTS || !/in use by process/.test((error as Error).message)) throw error;
        log.info({ folder }, 'a previous worker still holds its journal; waiting for it to exit');
        await delay(LOCK_RETRY_MS);
      }
    }
  }
  return replayed;
}
