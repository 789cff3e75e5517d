import { basename, dirname, extname, join } from 'node:path';
import type { Kysely } from 'kysely';
import { connectSqlite, sqliteQueries } from './database.js';
import type { Schema } from './schema.js';

type CounterRow = { key: string; count: number; expires_at: number };

/** Where a SQLite store keeps its counters: beside it, `qrelay.db` → `qrelay.counters.db`. */
export function countersFileOf(storeFile: string): string {
  const ext = extname(storeFile);
  const stem = ['.db', '.sqlite', '.sqlite3'].includes(ext) ? basename(storeFile, ext) : basename(storeFile);
  return join(dirname(storeFile), `${stem}.counters${ext || '.db'}`);
}

/**
 * A SQLite store's counters (rate windows, monthly allowances, challenge and gate attempts) in a file
 * of their own, beside the store. Every request to the API takes a counter, and on SQLite
 * a write waits for the one writer's lock: in the store's file that lock is the events writer's for a
 * whole batch. In a file of their own, counters wait only for each other, and every process on the
 * machine (a cluster's workers, the CLI) still shares them.
 *
 * When the file is new, the counters still live in the store are carried into it once (`existing`),
 * so an upgrade loses no month's allowance.
 */
export async function openCountersFile(
  file: string,
  existing: () => Promise<CounterRow[]>,
): Promise<{ db: Kysely<Schema>; close(): Promise<void> }> {
  const sqlite = connectSqlite(file);
  try {
    const has = () =>
      sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'counters'").get() !== undefined;
    if (!has()) {
      const rows = await existing();
      // Immediate: of several processes starting at once, one creates and fills; the others find it done.
      sqlite
        .transaction(() => {
          if (has()) return;
          sqlite.exec(
            'create table counters (key text primary key, count bigint not null, expires_at bigint not null);' +
              'create index counters_expires_idx on counters (expires_at);',
          );
          const insert = sqlite.prepare('insert into counters (key, count, expires_at) values (?, ?, ?)');
          for (const row of rows) insert.run(row.key, row.count, row.expires_at);
        })
        .immediate();
    }
  } catch (error) {
    sqlite.close();
    throw error;
  }
  const db = sqliteQueries(sqlite);
  return { db, close: () => db.destroy() };
}
