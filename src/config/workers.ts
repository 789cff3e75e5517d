import { availableParallelism } from 'node:os';
import { ConfigError, integer, type Env } from './read.js';

/** WORKERS: default one per core; several need a store every process can open. */
export function workers(env: Env, database: string): number {
  // An in-memory store lives in one process: one worker unless asked otherwise (then refused).
  const count = integer(env, 'WORKERS', database === 'sqlite::memory:' ? 1 : availableParallelism(), 1, 256);
  if (count > 1 && database === 'sqlite::memory:') {
    throw new ConfigError('WORKERS', 'must be 1 with an in-memory SQLite store (each process would have its own)');
  }
  return count;
}
