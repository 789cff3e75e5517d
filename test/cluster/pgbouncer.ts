import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../support/spawn.js';
import { until } from './traffic.js';

/** How the instances of a fleet reach their store, and how that route is taken down again. */
export interface StoreRoute {
  /** Environment for every instance and the CLI: DATABASE_URL and, when the route needs it, DATABASE_SCHEMA. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** The pool PgBouncer keeps per database and user: fewer than the instances' pools added up, so they share it. */
export const BOUNCER_POOL_SIZE = 8;

const POOL_MODE = 'transaction';

/**
 * A private PgBouncer in transaction pooling mode on a free port of 127.0.0.1, in front of the
 * PostgreSQL of `admin`, set up as docs/deploy.md tells an operator to: a role of its own whose
 * `search_path` is the fleet's schema (DATABASE_SCHEMA stays unset, as PgBouncer refuses start-up
 * options). Its configuration and auth file live in a temporary directory; as root it runs as
 * `nobody` (PgBouncer refuses to run as root). It fails, never skips, when pgbouncer is not installed.
 */
export async function startPgBouncer(admin: pg.Client, schema: string): Promise<StoreRoute> {
  const binary = spawnSync('sh', ['-c', 'command -v pgbouncer || command -v /usr/sbin/pgbouncer'], {
    encoding: 'utf8',
  }).stdout.trim();
  if (!binary) throw new Error('pgbouncer is not installed (Debian package pgbouncer; .ci/run installs it)');
  const target = new URL(process.env.TEST_DATABASE_URL!);
  const role = `qrelay_bouncer_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password}'`);
  await admin.query(`ALTER SCHEMA ${schema} OWNER TO ${role}`);
  await admin.query(`ALTER ROLE ${role} SET search_path = ${schema}`);
  const dropRole = async () => {
    await admin.query(`DROP OWNED BY ${role} CASCADE`).catch(() => undefined);
    await admin.query(`DROP ROLE IF EXISTS ${role}`);
  };

  const dir = mkdtempSync(join(tmpdir(), 'qrelay-pgbouncer-'));
  const port = await freePort();
  const database = decodeURIComponent(target.pathname.slice(1)) || 'postgres';
  const server = `host=${target.hostname} port=${target.port || 5432} dbname=${database} user=${role} password=${password}`;
  writeFileSync(join(dir, 'users.txt'), `"${role}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `qrelay = ${server}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      `admin_users = ${role}`,
      `pool_mode = ${POOL_MODE}`,
      `default_pool_size = ${BOUNCER_POOL_SIZE}`,
      'max_client_conn = 200',
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  );
  // Readable by the unprivileged user PgBouncer switches to; nothing in it is written to.
  chmodSync(dir, 0o755);
  const asRoot = process.getuid?.() === 0;
  const child = spawn(binary, [...(asRoot ? ['-u', 'nobody'] : []), join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };

  const url = `postgres://${role}@127.0.0.1:${port}/qrelay`;
  try {
    const answered = await until(
      () => query(url, 'select current_schema() as schema').catch((error: Error) => error),
      (r) => !(r instanceof Error) || child.exitCode !== null,
      15_000,
    );
    if (answered instanceof Error) throw answered;
    if (answered[0]?.schema !== schema) throw new Error(`the role's search path is ${String(answered[0]?.schema)}`);
    // The admin console: the pool really runs in transaction mode.
    const config = await query(`postgres://${role}@127.0.0.1:${port}/pgbouncer`, 'SHOW CONFIG');
    const mode = config.find((row) => row.key === 'pool_mode')?.value;
    if (mode !== POOL_MODE) throw new Error(`pgbouncer runs pool_mode=${String(mode)}`);
  } catch (error) {
    await stop();
    await dropRole();
    throw new Error(`pgbouncer did not serve: ${(error as Error).message}\n${output}`);
  }
  return {
    env: { DATABASE_URL: url },
    async close() {
      await stop();
      await dropRole();
    },
  };
}

/** One simple-protocol query on a connection of its own (the only protocol the admin console speaks). */
async function query(url: string, text: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await client.query(text)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}
