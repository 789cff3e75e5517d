import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { freePort } from '../support/spawn.js';

/** A PostgreSQL primary and its streaming replica, in two clusters of their own on this machine. */
export interface ReplicaPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Pauses or resumes the replica's replay of the primary's changes. */
  replay(on: boolean): Promise<void>;
  drop(): Promise<void>;
}

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

const onPath = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;

/** Why this machine cannot make a replica pair, or null when it can. */
export function replicaUnavailable(): string | null {
  for (const tool of ['pg_createcluster', 'pg_ctlcluster', 'pg_dropcluster', 'pg_basebackup', 'psql']) {
    if (!onPath(tool)) return `${tool} is not installed (Debian's postgresql-common and postgresql packages provide it)`;
  }
  if (process.getuid?.() !== 0) return 'creating PostgreSQL clusters needs root';
  if (!existsSync('/usr/lib/postgresql')) return 'no PostgreSQL server under /usr/lib/postgresql';
  return null;
}

/**
 * Creates a primary cluster (trust on 127.0.0.1, its own port) and a replica made from it with
 * pg_basebackup -R, both owned by postgres and removed by `drop`. Never touches another cluster.
 */
export async function createReplicaPair(): Promise<ReplicaPair> {
  const version = readdirSync('/usr/lib/postgresql')
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(a) - Number(b))
    .at(-1)!;
  const tag = randomBytes(4).toString('hex');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primary = `qrelay_primary_${tag}`;
  const replica = `qrelay_replica_${tag}`;
  const created: string[] = [];
  const drop = async () => {
    for (const name of created.reverse()) spawnSync('pg_dropcluster', ['--stop', version, name], { timeout: 60_000 });
  };
  try {
    run('pg_createcluster', [version, primary, '-p', String(primaryPort), '--start', '--', '--auth=trust']);
    created.push(primary);
    run('pg_createcluster', [version, replica, '-p', String(replicaPort), '--', '--auth=trust']);
    created.push(replica);
    const dataDir = `/var/lib/postgresql/${version}/${replica}`;
    rmSync(dataDir, { recursive: true, force: true });
    run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', dataDir, '-R', '-X', 'stream']);
    run('chown', ['-R', 'postgres:postgres', dataDir]);
    run('chmod', ['700', dataDir]);
    run('pg_ctlcluster', [version, replica, 'start']);
  } catch (error) {
    await drop();
    throw error;
  }
  const psql = (port: number, query: string) =>
    run('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-tAc', query]).trim();
  if (psql(replicaPort, 'select pg_is_in_recovery()') !== 't') {
    await drop();
    throw new Error('the replica is not in recovery');
  }
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    async replay(on) {
      psql(replicaPort, on ? 'select pg_wal_replay_resume()' : 'select pg_wal_replay_pause()');
    },
    drop,
  };
}
