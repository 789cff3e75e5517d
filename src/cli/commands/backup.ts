import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../../config/config.js';
import { backupSqlite, inspectStore, restoreSqlite } from '../../db/backup.js';
import { parse, required } from '../args.js';

/** The SQLite file of DATABASE_URL; PostgreSQL stores are backed up with pg_dump instead. */
function sqliteFile(): string {
  const url = loadConfig().databaseUrl;
  if (!url.startsWith('sqlite:') || url === 'sqlite::memory:')
    throw new Error('backup and restore work on a SQLite store; back PostgreSQL up with pg_dump (docs/operations.md)');
  return resolve(url.slice('sqlite:'.length));
}

/** `backup --out FILE [--force]`: a consistent copy of the live store, safe while qrelay serves. */
export async function backup(argv: string[]): Promise<object> {
  const { values } = parse(argv, { out: 'string', force: 'boolean' });
  const out = resolve(required(values, 'out'));
  if (existsSync(out) && values.force !== true) throw new Error(`${out} exists; pass --force to replace it`);
  const result = await backupSqlite(sqliteFile(), out);
  return { backup: result };
}

/** `restore --from FILE [--force]`: brings a backup back as the store; stop qrelay first. */
export async function restore(argv: string[]): Promise<object> {
  const { values } = parse(argv, { from: 'string', force: 'boolean' });
  const from = resolve(required(values, 'from'));
  const file = sqliteFile();
  if (existsSync(file) && values.force !== true && inspectStore(file).accounts > 0)
    throw new Error(`${file} holds a store with accounts; pass --force to replace it with ${from}`);
  const result = await restoreSqlite(from, file);
  return { restored: result };
}
