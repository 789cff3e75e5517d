import { dirname, join } from 'node:path';
import { integer, type Env } from './read.js';

/** Where uploaded media live and how much an account may keep. */
export interface MediaConfig {
  /** Folder of the disk store (content-addressed files). */
  dir: string;
  /** Largest accepted file, in bytes. */
  maxFileBytes: number;
  /** Most bytes one account may keep, all its files together. */
  maxAccountBytes: number;
}

export function mediaConfig(env: Env, database: string): MediaConfig {
  const sqliteFile = database.startsWith('sqlite:') && database !== 'sqlite::memory:' ? database.slice('sqlite:'.length) : null;
  const dir = env.MEDIA_DIR?.trim() || (sqliteFile ? join(dirname(sqliteFile), 'media') : './data/media');
  return {
    dir,
    maxFileBytes: integer(env, 'MEDIA_MAX_FILE_BYTES', 5 * 1_048_576, 1024, 1024 * 1_048_576),
    maxAccountBytes: integer(env, 'MEDIA_MAX_ACCOUNT_BYTES', 200 * 1_048_576, 1024, Number.MAX_SAFE_INTEGER),
  };
}
