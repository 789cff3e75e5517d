import { pino } from 'pino';
import { ConfigError, loadConfig } from '../config/config.js';
import { describeStore, loadDotEnv } from '../config/dotenv.js';
import { AppError } from '../lib/errors.js';
import { systemClock } from '../lib/clock.js';
import { buildPresenters } from '../http/presenters.js';
import { buildServices, openInfrastructure } from '../services.js';
import { UsageError } from './args.js';
import { Interrupted } from './follow.js';
import { Report } from './report.js';
import { runCommand, runStandalone, USAGE } from './run.js';

/**
 * The admin CLI: one JSON object on stdout and exit 0, or a message on stderr and a non-zero exit. A
 * command that ran work which failed prints its JSON and the failure on stderr, and exits 1; at a
 * terminal, such a command prints a summary for a person instead of its JSON.
 */
async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  if (argv.length === 0 || argv.includes('--help')) {
    process.stdout.write(`${USAGE}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  let infra;
  try {
    loadDotEnv();
    // A person reads the answer (and sees long work's progress) when stderr is a terminal and --json is not given.
    const terminal = !json && process.stderr.isTTY ? process.stderr : undefined;
    const standalone = await runStandalone(argv);
    let report: Report;
    if (standalone) report = new Report(standalone, '');
    else {
      const config = loadConfig();
      // Start-up progress (an upgraded store's events being moved) goes to stderr: stdout is the answer.
      const log = pino({ level: config.logLevel, base: { pid: process.pid } }, pino.destination(2));
      infra = await openInfrastructure(config, { clock: systemClock, log });
      const answer = await runCommand({ services: buildServices(infra), present: buildPresenters(config), terminal, log }, argv);
      // Naming the store shows at once when a run opened another one than the server's.
      const store = describeStore(config.databaseUrl);
      report =
        answer instanceof Report
          ? new Report({ ...answer.json, store }, answer.text, answer.failure)
          : new Report({ ...answer, store }, '');
    }
    if (terminal && report.text !== '') (report.failure === null ? process.stdout : process.stderr).write(`${report.text}\n`);
    else {
      process.stdout.write(json ? `${JSON.stringify(report.json)}\n` : `${JSON.stringify(report.json, null, 2)}\n`);
      if (report.failure !== null) process.stderr.write(`qrelay: ${report.failure}\n`);
    }
    return report.failure === null ? 0 : 1;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`qrelay: ${error.message}\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof Interrupted) {
      process.stderr.write(`qrelay: ${error.message}\n`);
      return 130;
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
