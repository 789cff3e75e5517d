import cluster from 'node:cluster';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config/config.js';
import { loadDotEnv } from './config/dotenv.js';
import { HttpMetrics, listenAdmin } from './http/metrics.js';
import { systemClock } from './lib/clock.js';
import { startJobs } from './jobs/index.js';
import { IpcInvalidationBus } from './platform/index.js';
import { runPrimary, workerJournal, type WorkerStart } from './process/cluster.js';
import { buildServices, openInfrastructure } from './services.js';

/** A stop that takes longer than this (a stuck connection, a dependency gone) exits anyway. */
const SHUTDOWN_LIMIT_MS = 8_000;

/** Where the surfaces are, for the start-up line: all under PUBLIC_URL, whatever address is listened on. */
const surfaces = (publicUrl: string) => ({
  shortAddresses: `${publicUrl}/<ending>`,
  api: `${publicUrl}/api/v1`,
  dashboard: `${publicUrl}/app`,
  openapi: `${publicUrl}/api/v1/openapi.json`,
  mcp: `${publicUrl}/mcp`,
  health: `${publicUrl}/healthz`,
});

/**
 * A start-up failure: one structured line on stdout for log collectors, and the human message on
 * stderr for the person at the terminal.
 */
function failedToStart(
  stage: 'configuration' | 'store' | 'journal' | 'listen' | 'start',
  error: unknown,
  exitCode: number,
): never {
  const variable = error instanceof ConfigError ? error.variable : undefined;
  const code = (error as NodeJS.ErrnoException)?.code;
  const message = error instanceof Error ? error.message : String(error);
  pino({ base: { pid: process.pid } }).fatal({ stage, variable, code, exitCode }, `qrelay failed to start: ${message}`);
  const human = stage === 'configuration' ? `invalid configuration: ${message}` : `failed to start (${stage}): ${message}`;
  process.stderr.write(`qrelay: ${human}\n`);
  process.exit(exitCode);
}

/** How this process serves: alone, or as worker `index` of a cluster (PostgreSQL). */
type Role = { kind: 'single' } | { kind: 'worker'; index: number };

/** The process: load config; a cluster's primary, or a serving process (alone or a worker). */
async function main(): Promise<void> {
  let config: Config;
  try {
    loadDotEnv();
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) failedToStart('configuration', error, 2);
    throw error;
  }
  if (cluster.isPrimary && config.workers > 1) {
    const log = pino({ level: config.logLevel, base: { pid: process.pid, role: 'primary' } });
    return runPrimary(config, log, SHUTDOWN_LIMIT_MS).catch((error: unknown) => failedToStart('store', error, 1));
  }
  const role: Role = cluster.isWorker ? { kind: 'worker', index: Number(process.env.QRELAY_WORKER_INDEX) } : { kind: 'single' };
  return serve(config, role);
}

async function serve(config: Config, role: Role): Promise<void> {
  const worker = role.kind === 'worker';
  const infra = await openInfrastructure(config, {
    clock: systemClock,
    log: pino({ level: config.logLevel, base: { pid: process.pid } }),
    localBus: worker
      ? () =>
          new IpcInvalidationBus(
            (m) => process.send!(m),
            (l) => process.on('message', l),
          )
      : undefined,
  }).catch((error: unknown) => failedToStart('store', error, 1));
  const services = buildServices(infra);
  const metrics = new HttpMetrics(services);
  const app = await buildApp({ config, database: infra.database, services, redis: infra.redis, metrics });
  const admin =
    config.adminPort === null
      ? null
      : await listenAdmin(metrics, config.adminPort).catch((error: unknown) => failedToStart('listen', error, 1));
  infra.redis?.watch(app.log);
  const journalDir =
    worker && config.events.journalDir ? workerJournal(config.events.journalDir, role.index) : config.events.journalDir;
  const replayed = await services.traffic.recorder
    .start({ journalDir, log: app.log })
    .catch((error: unknown) => failedToStart('journal', error, 1));
  if (replayed > 0) app.log.info({ replayed }, 'events replayed from the journal');
  // In a cluster the primary runs the jobs, once for the machine.
  const jobs = worker ? null : startJobs(infra, services, app.log);
  if (worker) {
    process.on('message', (m: WorkerStart) => {
      if (m?.qrelay === 'worker-start' && m.setupSecret) services.identity.setup.adopt(m.setupSecret);
    });
  }
  app.server.keepAliveTimeout = 65_000;
  app.server.headersTimeout = 66_000;
  app.server.requestTimeout = 30_000;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      app.log.error({ limitMs: SHUTDOWN_LIMIT_MS }, 'shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    force.unref();
    try {
      admin?.close();
      await app.close();
      await services.traffic.recorder.close();
      await services.catalog.imaging.close();
      await jobs?.stop();
      await infra.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port }).catch(async (error: unknown) => {
    await services.traffic.recorder.close().catch(() => undefined);
    failedToStart('listen', error, 1);
  });
  // The image thread starts now, off the serving thread, so the first image request finds its libraries loaded.
  // A decoder that fails is logged, not fatal: the short addresses must still be served.
  void services.catalog.imaging.warmUp().then(
    (decoded) => decoded || app.log.error('the scannability check cannot decode a plain symbol: saving a design will fail'),
    (error: unknown) => app.log.error({ err: error }, 'the scannability check could not start: saving a design will fail'),
  );
  if (worker) return;
  app.log.info(
    { publicUrl: config.publicUrl, ...surfaces(config.publicUrl) },
    `qrelay is serving short addresses at ${config.publicUrl}/<ending> and the API at ${config.publicUrl}/api/v1`,
  );
  const setupSecret = await services.identity.setup.open();
  if (setupSecret) {
    app.log.warn(
      { setupUrl: `${config.publicUrl}/app/setup?token=${setupSecret}` },
      'no account yet: open the set-up address (valid until used, in this process) to create the first account and its owner',
    );
  }
}

main().catch((error: unknown) => failedToStart('start', error, 1));
