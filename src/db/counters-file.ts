import { existsSync, rmSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Database } from './database.js';

/** Where releases before 2026-12 kept a SQLite store's counters: beside it, `qrelay.db` → `qrelay.counters.db`. */
export function countersFileOf(storeFile: string): string {
  const ext = extname(storeFile);
  const stem = ['.db', '.sqlite', '.sqlite3'].includes(ext) ? basename(storeFile, ext) : basename(storeFile);
  return join(dirname(storeFile), `${stem}.counters${ext || '.db'}`);
}

/**
 * Brings the counters of a store's former counters file (rate windows, monthly allowances,
 * challenge and gate attempts) back into the store, once, and deletes the file: one process now
 * serves a SQLite store, so its counters no longer need a file of their own. A row already in the
 * store keeps the larger count, so no allowance is given back.
 */
export async function absorbCountersFile(database: Database, storeFile: string): Promise<number> {
  const file = countersFileOf(storeFile);
  if (!existsSync(file)) return 0;
  const old = new BetterSqlite3(file, { readonly: true });
  let rows: { key: string; count: number; expires_at: number }[];
  try {
    const has = old.prepare("select 1 from sqlite_master where type = 'table' and name = 'counters'").get();
    rows = has ? (old.prepare('select key, count, expires_at from counters').all() as typeof rows) : [];
  } finally {
    old.close();
  }
  await database.db.transaction().execute(async (trx) => {
    for (const row of rows) {
      await trx
        .insertInto('counters')
        .values(row)
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            count: eb.fn('max', [eb.ref('counters.count'), eb.ref('excluded.count')]),
            expires_at: eb.fn('max', [eb.ref('counters.expires_at'), eb.ref('excluded.expires_at')]),
          })),
        )
        .execute();
    }
  });
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  return rows.length;
}
