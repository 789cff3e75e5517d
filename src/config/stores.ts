// The stores' settings: the database (its replica and schema) and Redis.
import { ConfigError, type Env } from './read.js';

export function databaseUrl(env: Env, name = 'DATABASE_URL'): string {
  const raw = env.DATABASE_URL?.trim() || 'sqlite:./data/qrelay.db';
  if (raw.startsWith('sqlite:') && name === 'DATABASE_URL') {
    if (raw.length === 'sqlite:'.length) throw new ConfigError(name, 'sqlite: needs a file path');
    return raw;
  }
  if (raw.startsWith('postgres://') || raw.startsWith('postgresql://')) {
    try {
      new URL(raw);
    } catch {
      throw new ConfigError(name, 'is not a valid postgres:// address');
    }
    return raw;
  }
  const allowed = name === 'DATABASE_URL' ? 'sqlite: or postgres://' : 'postgres://';
  throw new ConfigError(name, `must start with ${allowed}, got "${raw}"`);
}

export function databaseReadUrl(env: Env, database: string): string | null {
  const raw = env.DATABASE_READ_URL?.trim();
  if (!raw) return null;
  if (database.startsWith('sqlite:')) throw new ConfigError('DATABASE_READ_URL', 'needs a postgres:// DATABASE_URL');
  return databaseUrl({ DATABASE_URL: raw }, 'DATABASE_READ_URL');
}

export function databaseSchema(env: Env): string | null {
  const raw = env.DATABASE_SCHEMA?.trim();
  if (!raw) return null;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(raw))
    throw new ConfigError('DATABASE_SCHEMA', `must be a lower-case SQL identifier, got "${raw}"`);
  return raw;
}

export function redisUrl(env: Env): string | null {
  const raw = env.REDIS_URL?.trim();
  if (!raw) return null;
  if (!/^rediss?:\/\//.test(raw)) throw new ConfigError('REDIS_URL', `must start with redis:// or rediss://, got "${raw}"`);
  return raw;
}
