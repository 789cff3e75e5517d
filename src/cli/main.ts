import { pino } from 'pino';
import { ConfigError, loadConfig } from '../config/config.js';
import { describeStore, loadDotEnv } from '../config/dotenv.js';
import { AppError } from '../lib/errors.js';
import { systemClock } from '../lib/clock.js';
import { buildPresenters } from '../http/presenters.js';
import { buildServices, openInfrastructure } from '../services.js';
import { UsageError } from './args.js';
import { runCommand, runStandalone, USAGE } from './run.js';

/** The admin CLI: one JSON object on stdout and exit 0, or a message on stderr and a non-zero exit. */
async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  if (argv.length === 0 || argv.includes('--help')) {
    process.stdout.write(`${USAGE}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  let infra;
  try {
    loadDotEnv();
    const standalone = await runStandalone(argv);
    let result = standalone;
    if (!result) {
      const config = loadConfig();
      // Start-up progress (an upgraded store's events being moved) goes to stderr: stdout is the answer.
      const log = pino({ level: config.logLevel, base: { pid: process.pid } }, pino.destination(2));
      infra = await openInfrastructure(config, { clock: systemClock, log });
      const answer = await runCommand({ services: buildServices(infra), present: buildPresenters(config) }, argv);
      // Naming the store shows at once when a run opened another one than the server's.
      result = { ...answer, store: describeStore(config.databaseUrl) };
    }
    process.stdout.write(json ? `${JSON.stringify(result)}\n` : `${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`qrelay: ${error.message}\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof AppError || error instanceof ConfigError) {
      process.stderr.write(`qrelay: ${error instanceof AppError ? `${error.code}: ` : ''}${error.message}\n`);
      return 1;
    }
    process.stderr.write(`qrelay: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await infra?.close();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
