// Seeds a SQLite store with one account and N dynamic codes (bulk insert, one transaction).
import BetterSqlite3 from 'better-sqlite3';
import { v7 } from 'uuid';
import { openDatabase } from '../dist/db/database.js';
import { migrateToLatest } from '../dist/db/migrate.js';
import { DEFAULT_DESIGN } from '../dist/modules/designs/design.schema.js';

export const endingOf = (i) => `b${i.toString(36).padStart(6, '0')}`;

export async function seed(file, count) {
  const database = openDatabase(`sqlite:${file}`);
  await migrateToLatest(database);
  await database.close();
  const db = new BetterSqlite3(file);
  const now = Date.now();
  const accountId = v7();
  db.prepare(
    "insert into accounts (id, name, plan, status, domain, created_at) values (?, 'Bench', 'enterprise', 'active', null, ?)",
  ).run(accountId, now);
  const code = db.prepare(
    "insert into codes (id, account_id, name, name_lower, mode, status, domain, short_code, destination, design, rules, gate_hash, created_at, updated_at) values (?, ?, ?, ?, 'dynamic', 'active', '', ?, ?, ?, '[]', null, ?, ?)",
  );
  const ending = db.prepare(
    "insert into endings (domain, short_code, kind, target_id, account_id, created_at) values ('', ?, 'code', ?, ?, ?)",
  );
  const design = JSON.stringify(DEFAULT_DESIGN);
  const insertAll = db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const id = v7();
      const short = endingOf(i);
      code.run(id, accountId, `Code ${i}`, `code ${i}`, short, `https://example.com/${short}`, design, now, now);
      ending.run(short, id, accountId, now);
    }
  });
  insertAll();
  db.close();
}
