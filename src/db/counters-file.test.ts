import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { systemClock } from '../lib/clock.js';
import { openInfrastructure, type Infrastructure } from '../infrastructure.js';
import { backupSqlite, restoreSqlite } from './backup.js';
import { countersFileOf } from './counters-file.js';

const HOUR = 3_600_000;

describe('the counters file of a SQLite store', () => {
  let dir: string;
  let store: string;
  const open: Infrastructure[] = [];
  const openStore = async () => {
    const infra = await openInfrastructure(loadConfig({ DATABASE_URL: `sqlite:${store}`, LOG_LEVEL: 'silent' }), {
      clock: systemClock,
    });
    open.push(infra);
    return infra;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'qrelay-counters-'));
    store = join(dir, 'qrelay.db');
  });
  afterEach(async () => {
    for (const infra of open.splice(0)) await infra.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lies beside the store, named after it', () => {
    expect(countersFileOf('/srv/qrelay/qrelay.db')).toBe('/srv/qrelay/qrelay.counters.db');
    expect(countersFileOf('/srv/store.sqlite3')).toBe('/srv/store.counters.sqlite3');
    expect(countersFileOf('/srv/store')).toBe('/srv/store.counters.db');
  });

  it('takes a counter while the events writer holds the store write lock for a batch', async () => {
    const infra = await openStore();
    expect(existsSync(countersFileOf(store))).toBe(true);
    // Another connection in the middle of a write transaction, as the writer is during a batch.
    const writer = new BetterSqlite3(store);
    writer.pragma('busy_timeout = 0');
    writer.exec('begin immediate');
    try {
      const expiresAt = Date.now() + HOUR;
      await expect(infra.counters.take('rate:t1:0', 2, expiresAt)).resolves.toEqual({ taken: true, count: 1 });
      await expect(infra.counters.take('rate:t1:0', 2, expiresAt)).resolves.toEqual({ taken: true, count: 2 });
      await expect(infra.counters.take('rate:t1:0', 2, expiresAt)).resolves.toEqual({ taken: false, count: 2 });
    } finally {
      writer.exec('rollback');
      writer.close();
    }
  });

  it('carries the counters a store held into a new counters file, once', async () => {
    const first = await openStore();
    await first.close();
    open.length = 0;
    rmSync(countersFileOf(store));
    // A store from before the counters file: its counts are in its own table.
    const raw = new BetterSqlite3(store);
    raw.prepare('insert into counters (key, count, expires_at) values (?, ?, ?)').run('quota:a1:2026-11', 41, Date.now() + HOUR);
    raw.close();
    const infra = await openStore();
    expect(await infra.counters.read('quota:a1:2026-11')).toBe(41);
    await infra.counters.take('quota:a1:2026-11', 100, Date.now() + HOUR);
    await infra.close();
    open.length = 0;
    // Opened again, the file is kept as it is: the store's old table is not read twice.
    const again = await openStore();
    expect(await again.counters.read('quota:a1:2026-11')).toBe(42);
  });

  it('goes into a backup with the store, and a restore starts the counters from it', async () => {
    const infra = await openStore();
    await infra.counters.take('quota:a1:2026-11', 100, Date.now() + HOUR);
    await infra.counters.take('quota:a1:2026-11', 100, Date.now() + HOUR);
    const backup = join(dir, 'backup.db');
    await backupSqlite(store, backup);
    await infra.counters.take('quota:a1:2026-11', 100, Date.now() + HOUR);
    await infra.close();
    open.length = 0;

    await restoreSqlite(backup, store);
    expect(existsSync(countersFileOf(store))).toBe(false);
    const restored = await openStore();
    expect(await restored.counters.read('quota:a1:2026-11')).toBe(2);
  });
});
