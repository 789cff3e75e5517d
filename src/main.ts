import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/config.js';
import { systemClock } from './lib/clock.js';
import { startJobs } from './jobs/index.js';
import { buildServices, openInfrastructure } from './services.js';

/** The process: load config, open the store, listen, close gracefully. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`qrelay: invalid configuration: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const infra = await openInfrastructure(config, { clock: systemClock });
  const services = buildServices(infra);
  const app = await buildApp({ config, database: infra.database, services });
  const replayed = await services.recorder.start({ journalDir: config.events.journalDir, log: app.log });
  if (replayed > 0) app.log.info({ replayed }, 'events replayed from the journal');
  const jobs = startJobs(infra, services, app.log);
  app.server.keepAliveTimeout = 65_000;
  app.server.headersTimeout = 66_000;
  app.server.requestTimeout = 30_000;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 25_000);
    force.unref();
    try {
      await app.close();
      await services.recorder.close();
      await jobs.stop();
      await infra.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error) => {
  process.stderr.write(`qrelay: failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
