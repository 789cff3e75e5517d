import type { Logger } from 'pino';
import type { Presenters } from '../http/presenters.js';
import type { Services } from '../services.js';

/** What a command works with: the services, and the presenters every surface shares. */
export interface CliContext {
  services: Services;
  present: Presenters;
  /** stderr when it is a terminal and --json is not given: long work draws its progress there. */
  terminal?: NodeJS.WriteStream;
  /** The CLI's log (stderr). */
  log?: Logger;
}
