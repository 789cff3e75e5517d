import type { Fleet } from './fleet.js';
import { startPostgresInstances } from './fleet.js';
import { startPgBouncer } from './pgbouncer.js';

/** A way of running qrelay that must keep every promise of a multi-instance deployment. */
export interface FleetCase {
  name: string;
  /** The unset variable or missing tool that keeps this run from the case, or null. */
  missing: string | null;
  start(): Promise<Fleet>;
}

const pgAndRedis = !process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL' : !process.env.REDIS_URL ? 'REDIS_URL' : null;

/**
 * Every fleet the promise tests run against. One machine running several workers (WORKERS=2 on
 * PostgreSQL, one port) could join as one more case: a `start` returning a Fleet whose `bases`
 * repeat that port once per worker, and whose kill/restart end and replace one worker process.
 */
export const FLEETS: FleetCase[] = [
  {
    name: 'three instances on PostgreSQL and Redis',
    missing: pgAndRedis,
    start: () => startPostgresInstances({ instances: 3 }),
  },
  {
    // Three pools of 10 share PgBouncer's 8 server connections, so consecutive transactions of one
    // instance land on different sessions: any session state qrelay relied on would break here.
    name: 'three instances through PgBouncer in transaction mode on PostgreSQL and Redis',
    missing: pgAndRedis,
    start: () => startPostgresInstances({ instances: 3, route: startPgBouncer }),
  },
];
