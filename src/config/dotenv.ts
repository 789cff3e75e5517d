import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from './read.js';

/**
 * Reads `.env` in the working folder into the environment, when there is one: the server and the CLI
 * both start with it, so a CLI run in the same folder opens the same store. A variable already set in
 * the environment wins over the file.
 */
export function loadDotEnv(file = '.env'): string | null {
  const path = resolve(file);
  if (!existsSync(path)) return null;
  try {
    process.loadEnvFile(path);
  } catch (error) {
    throw new ConfigError('.env', `could not be read (${error instanceof Error ? error.message : String(error)})`);
  }
  return path;
}

/** The store a URL names, as a person reads it: a SQLite file's absolute path, a PostgreSQL server and database without the password. */
export function describeStore(url: string): string {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    return file === ':memory:' ? 'sqlite::memory:' : `sqlite:${resolve(file)}`;
  }
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
}
