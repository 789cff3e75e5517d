import { dirname, join } from 'node:path';
import { integer, type Env } from './read.js';

/** Where long work keeps its files, and how large and how long they may be. */
export interface JobsConfig {
  /** Folder of the jobs' input and output files: one volume every instance shares. */
  dir: string;
  /** Largest accepted input file (a bulk CSV or JSON), in bytes. */
  maxInputBytes: number;
  /** Days a finished job and its files are kept. */
  keepDays: number;
}

export function jobsConfig(env: Env, database: string): JobsConfig {
  const sqliteFile = database.startsWith('sqlite:') && database !== 'sqlite::memory:' ? database.slice('sqlite:'.length) : null;
  const dir = env.JOBS_DIR?.trim() || (sqliteFile ? join(dirname(sqliteFile), 'jobs') : './data/jobs');
  return {
    dir,
    maxInputBytes: integer(env, 'JOBS_MAX_INPUT_BYTES', 256 * 1_048_576, 1024, 4096 * 1_048_576),
    keepDays: integer(env, 'JOBS_KEEP_DAYS', 7, 1, 3650),
  };
}
