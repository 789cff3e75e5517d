import type { Presenters } from '../http/presenters.js';
import type { Services } from '../services.js';

/** What a command works with: the services, and the presenters every surface shares. */
export interface CliContext {
  services: Services;
  present: Presenters;
}
