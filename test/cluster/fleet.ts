import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { cli, freePort, startServer, type ServerProcess } from '../support/spawn.js';
import type { StoreRoute } from './pgbouncer.js';

/**
 * A running qrelay deployment seen from outside: one or more entrances (an instance's port, or the
 * one port of a process running several workers), each reached at 127.0.0.1 only. The promise tests
 * (promises.cluster.ts) drive any fleet through this shape, so a new way to run qrelay is one more
 * entry in FLEETS (fleets.ts).
 */
export interface Fleet {
  /** One base address per entrance: http://127.0.0.1:<port>. */
  readonly bases: string[];
  /** The admin CLI against the fleet's store (`--json` output parsed). */
  cli<T = Record<string, unknown>>(args: string[]): T;
  /** Ends entrance `index` at once (SIGKILL): no drain, no flush. */
  kill(index: number): Promise<void>;
  /** Starts entrance `index` again on the same port and journal (a replacement after a crash). */
  restart(index: number): Promise<void>;
  /** A read of the fleet's store, straight from the database (never through the fleet). */
  store<T>(query: string): Promise<T[]>;
  /** What every process of the fleet has written to its log so far. */
  logs(): string;
  close(): Promise<void>;
}

export interface InstancesOptions {
  instances: number;
  /** Extra environment for every instance (and the CLI). */
  env?: Record<string, string>;
  /** Extra environment per instance index. */
  envOf?: (index: number) => Record<string, string>;
  /** How the instances reach the fresh schema (default: straight to TEST_DATABASE_URL). */
  route?: (admin: pg.Client, schema: string) => Promise<StoreRoute>;
}

const direct = async (url: string, schema: string): Promise<StoreRoute> => ({
  env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
  close: async () => undefined,
});

/**
 * `instances` separate qrelay processes on one fresh PostgreSQL schema and Redis (the deployment of
 * docs/deploy.md without its load balancer: the tests spread the traffic themselves).
 */
export async function startPostgresInstances(options: InstancesOptions): Promise<Fleet> {
  const url = process.env.TEST_DATABASE_URL;
  const redis = process.env.REDIS_URL;
  if (!url || !redis) throw new Error('TEST_DATABASE_URL and REDIS_URL are needed');
  const schema = `qrelay_cluster_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const route = await (options.route ?? ((_, name) => direct(url, name)))(admin, schema);
  const shared = {
    ...route.env,
    REDIS_URL: redis,
    PUBLIC_URL: 'http://qrelay.cluster.test',
    WEBHOOK_ALLOW_PRIVATE: '1',
    GEOIP_DB: 'off',
    LOG_LEVEL: 'info',
    ...options.env,
  };
  const journals = mkdtempSync(join(tmpdir(), 'qrelay-cluster-'));
  const ports = await Promise.all(Array.from({ length: options.instances }, () => freePort()));
  const envOf = (i: number) => ({
    ...shared,
    PORT: String(ports[i]),
    EVENT_JOURNAL_DIR: join(journals, `instance-${i}`),
    ...options.envOf?.(i),
  });
  const servers: ServerProcess[] = [];
  let gone = '';
  const start = async (i: number) => {
    // Three processes starting at once on a busy two-core machine: allow them more than one would need.
    servers[i] = startServer(envOf(i), 120_000);
    await servers[i].ready;
  };
  // The first instance migrates the fresh store; the others start on it together.
  await start(0);
  await Promise.all(ports.slice(1).map((_, i) => start(i + 1)));
  return {
    bases: ports.map((p) => `http://127.0.0.1:${p}`),
    cli<T>(args: string[]): T {
      const result = cli([...args, '--json'], shared);
      if (result.status !== 0) throw new Error(`cli ${args.join(' ')} failed: ${result.stderr}`);
      return JSON.parse(result.stdout) as T;
    },
    async kill(i) {
      await servers[i]!.stop();
      gone += servers[i]!.output();
    },
    restart: (i) => start(i),
    async store<T>(query: string) {
      await admin.query(`SET search_path = ${schema}`);
      return (await admin.query(query)).rows as T[];
    },
    logs: () => gone + servers.map((s) => s.output()).join(''),
    async close() {
      await Promise.all(servers.map((s) => s.stop()));
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await route.close();
      await admin.end();
      rmSync(journals, { recursive: true, force: true });
    },
  };
}
