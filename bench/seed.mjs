// Seeds a SQLite store with one account and N dynamic codes (bulk insert, one transaction).
import BetterSqlite3 from 'better-sqlite3';
import { v7 } from 'uuid';
import { openDatabase } from '../dist/db/database.js';
import { migrateToLatest } from '../dist/db/migrate.js';
import { DEFAULT_DESIGN } from '../dist/catalog/designs/design.schema.js';

export const endingOf = (i) => `b${i.toString(36).padStart(6, '0')}`;

/** `build` gives another build's store (its openDatabase and migrateToLatest), for a benchmark comparing builds. */
export async function seed(file, count, build = { openDatabase, migrateToLatest }) {
  const database = build.openDatabase(`sqlite:${file}`);
  await build.migrateToLatest(database);
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

/** N dynamic codes of an existing account in any store (a few thousand at most); returns their ids. */
export async function seedCodes(url, schema, accountId, count) {
  const database = openDatabase(url, { schema });
  const now = Date.now();
  const design = JSON.stringify(DEFAULT_DESIGN);
  const ids = [];
  try {
    for (let start = 0; start < count; start += 200) {
      const codes = [];
      const endings = [];
      for (let i = start; i < Math.min(count, start + 200); i += 1) {
        const id = v7();
        const short = endingOf(i);
        ids.push(id);
        codes.push({
          ...{ id, account_id: accountId, name: `Code ${i}`, name_lower: `code ${i}`, mode: 'dynamic', status: 'active' },
          ...{ domain: '', short_code: short, destination: `https://example.com/${short}`, design, rules: '[]' },
          ...{ gate_hash: null, created_at: now, updated_at: now },
        });
        endings.push({ domain: '', short_code: short, kind: 'code', target_id: id, account_id: accountId, created_at: now });
      }
      await database.db.insertInto('codes').values(codes).execute();
      await database.db.insertInto('endings').values(endings).execute();
    }
  } finally {
    await database.close();
  }
  return ids;
}
