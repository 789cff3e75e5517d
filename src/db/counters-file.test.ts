import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { systemClock } from '../lib/clock.js';
import { openInfrastructure, type Infrastructure } from '../infrastructure.js';
import { countersFileOf } from './counters-file.js';

const HOUR = 3_600_000;

describe("a SQLite store's former counters file", () => {
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
  /** A counters file as releases before 2026-12 kept beside the store. */
  const oldCountersFile = (rows: [string, number, number][]) => {
    const file = new BetterSqlite3(countersFileOf(store));
    file.exec('create table counters (key text primary key, count bigint not null, expires_at bigint not null)');
    const insert = file.prepare('insert into counters (key, count, expires_at) values (?, ?, ?)');
    for (const row of rows) insert.run(...row);
    file.close();
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'qrelay-counters-'));
    store = join(dir, 'qrelay.db');
  });
  afterEach(async () => {
    for (const infra of open.splice(0)) await infra.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lay beside the store, named after it', () => {
    expect(countersFileOf('/srv/qrelay/qrelay.db')).toBe('/srv/qrelay/qrelay.counters.db');
    expect(countersFileOf('/srv/store.sqlite3')).toBe('/srv/store.counters.sqlite3');
    expect(countersFileOf('/srv/store')).toBe('/srv/store.counters.db');
  });

  it('is taken back into the store once, the larger count winning, and deleted', async () => {
    const first = await openStore();
    const expiresAt = Date.now() + HOUR;
    await first.counters.take('rate:t1:0', 100, expiresAt);
    await first.counters.take('rate:t1:0', 100, expiresAt);
    await first.counters.take('quota:a1:2026-11', 100, expiresAt);
    await first.close();
    open.length = 0;
    oldCountersFile([
      ['quota:a1:2026-11', 41, expiresAt],
      ['rate:t1:0', 1, expiresAt],
      ['gate:c1', 3, expiresAt],
    ]);

    const infra = await openStore();
    expect(existsSync(countersFileOf(store))).toBe(false);
    expect(await infra.counters.read('quota:a1:2026-11')).toBe(41);
    expect(await infra.counters.read('rate:t1:0')).toBe(2);
    expect(await infra.counters.read('gate:c1')).toBe(3);
    await infra.counters.take('quota:a1:2026-11', 100, expiresAt);
    await infra.close();
    open.length = 0;

    const again = await openStore();
    expect(await again.counters.read('quota:a1:2026-11')).toBe(42);
  });

  it('is not needed: a store without one opens with its own counters', async () => {
    const infra = await openStore();
    await expect(infra.counters.take('rate:t1:0', 1, Date.now() + HOUR)).resolves.toEqual({ taken: true, count: 1 });
    expect(existsSync(countersFileOf(store))).toBe(false);
  });
});
