import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { countersFileOf } from './counters-file.js';

/** Row counts a copy is checked by (and an operator can compare with the live store). */
export interface StoreCounts {
  accounts: number;
  codes: number;
  links: number;
  events: number;
}

export interface CopyResult {
  file: string;
  bytes: number;
  counts: StoreCounts;
}

/** Pages copied per step after the first: all of them, so the copy is one consistent read. */
const ALL_PAGES = 2 ** 31 - 1;

const count = (sqlite: BetterSqlite3.Database, rows: string): number =>
  (sqlite.prepare(`select count(*) as n from ${rows}`).get() as { n: number }).n;

/** Opens a copy, checks it is a sound qrelay store, and counts its rows. */
export function inspectStore(file: string): StoreCounts {
  const sqlite = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    const check = sqlite.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`${file} is damaged: ${String(check)}`);
    const migrations = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!migrations) throw new Error(`${file} is not a qrelay store`);
    return {
      accounts: count(sqlite, 'accounts'),
      codes: count(sqlite, "codes where kind = 'code'"),
      links: count(sqlite, "codes where kind = 'link'"),
      events: count(sqlite, 'events'),
    };
  } finally {
    sqlite.close();
  }
}

/** Copies `source` into `destination` with SQLite's online backup API, then checks the copy. */
async function copy(source: string, destination: string): Promise<CopyResult> {
  mkdirSync(dirname(destination), { recursive: true });
  const sqlite = new BetterSqlite3(source, { readonly: true, fileMustExist: true });
  try {
    await sqlite.backup(destination, { progress: () => ALL_PAGES });
  } finally {
    sqlite.close();
  }
  return { file: destination, bytes: statSync(destination).size, counts: inspectStore(destination) };
}

/**
 * A consistent copy of a live SQLite store, safe while qrelay serves: the backup API reads one
 * snapshot (WAL readers never block the writer). The copy is written beside `out` and renamed into
 * place once checked, so `out` is never a half-written file.
 */
export async function backupSqlite(file: string, out: string): Promise<CopyResult> {
  if (!existsSync(file)) throw new Error(`no store at ${file}`);
  const partial = `${out}.partial`;
  rmSync(partial, { force: true });
  try {
    const result = await copy(file, partial);
    renameSync(partial, out);
    return { ...result, file: out };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * Brings a backup back as the store at `file`. The backup is checked first; it is then copied in
 * through SQLite (the backup API into the target), so the target's own write-ahead log is handled
 * by SQLite rather than left to replay over the restored pages. qrelay must be stopped meanwhile.
 */
export async function restoreSqlite(from: string, file: string): Promise<CopyResult> {
  inspectStore(from);
  leaveWal(file);
  const result = await copy(from, file);
  // A counters file an older release left beside the store would otherwise be taken into the restored one.
  const counters = countersFileOf(file);
  for (const part of ['', '-wal', '-shm']) rmSync(`${counters}${part}`, { force: true });
  return result;
}

/**
 * Checkpoints a store's write-ahead log into it and leaves WAL mode, so a backup of another page size
 * can be copied over it (SQLite's backup API cannot change a WAL file's page size); the next start
 * turns WAL on again. A store SQLite cannot read (a damaged one, the reason for many a restore) is
 * left as it is: the copy overwrites it, as it always has when the page sizes match.
 */
function leaveWal(file: string): void {
  if (!existsSync(file)) return;
  let sqlite: BetterSqlite3.Database | null = null;
  try {
    sqlite = new BetterSqlite3(file, { fileMustExist: true });
    sqlite.pragma('journal_mode = DELETE');
  } catch {
    // Damaged, or not a store at all: the copy decides, and says why it cannot be done.
  } finally {
    sqlite?.close();
  }
}
