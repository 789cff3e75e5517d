import { availableParallelism } from 'node:os';
import { ConfigError, integer, type Env } from './read.js';

/**
 * WORKERS: serving processes. One on SQLite, whose store one process serves with one connection;
 * several (default one per core) need PostgreSQL, which every process can write at once.
 */
export function workers(env: Env, database: string): number {
  const sqlite = database.startsWith('sqlite:');
  const count = integer(env, 'WORKERS', sqlite ? 1 : availableParallelism(), 1, 256);
  if (count > 1 && sqlite) {
    throw new ConfigError('WORKERS', 'must be 1 with SQLite (one process serves a SQLite store); several need PostgreSQL');
  }
  return count;
}
