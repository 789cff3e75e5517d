import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe } from 'vitest';
import { storeReach, type StoreName } from './reach.js';

/**
 * A store a test suite runs against: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. A run
 * that cannot reach a store still declares its suites, skipped, so the summary counts what was left out.
 */
export interface StoreTarget {
  name: 'sqlite' | 'postgres';
  /** The unset variable that keeps this run from the store, or null when the store is reachable. */
  missing: string | null;
  /** A fresh, empty store: its URL, its PostgreSQL schema if any, and how to throw it away. */
  create(): Promise<{ url: string; schema?: string; drop(): Promise<void> }>;
}

const suffix = () => randomBytes(6).toString('hex');

const missing = (name: StoreName) => storeReach().find((s) => s.name === name)!.missing;

export const sqliteStore: StoreTarget = {
  name: 'sqlite',
  missing: null,
  async create() {
    const file = join(tmpdir(), `qrelay-test-${suffix()}.db`);
    return {
      url: `sqlite:${file}`,
      async drop() {
        for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
      },
    };
  },
};

export const postgresStore = (url: string | undefined): StoreTarget => ({
  name: 'postgres',
  missing: url ? null : 'TEST_DATABASE_URL unset',
  async create() {
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const schema = `qrelay_test_${suffix()}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
    return {
      url,
      schema,
      async drop() {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await c.end();
      },
    };
  },
});

/** Every store: the ones this run cannot reach have `missing` set, and their suites are skipped. */
export const STORES: StoreTarget[] = [sqliteStore, postgresStore(process.env.TEST_DATABASE_URL)];

/** The unset variable that keeps this run from Redis (shared counters, the cache bus), or null. */
export const REDIS_MISSING = missing('redis');

/** One case of a suite run per store (or per store and back end): its name, and what it lacks if anything. */
export interface SuiteCase {
  name: string;
  missing: string | null;
}

/** The same cases, each also needing Redis. */
export function withRedis<T extends SuiteCase>(cases: readonly T[]): T[] {
  return cases.map((c) => ({ ...c, missing: c.missing ?? REDIS_MISSING }));
}

/** Each store twice, its counters (rate windows, attempts) in the store itself and in Redis. */
export const COUNTER_CASES = STORES.flatMap((store) => {
  const on = (counters: 'store' | 'redis') => ({
    store,
    counters,
    name: `${store.name}, counters in ${counters}`,
    missing: store.missing,
  });
  return [on('store'), ...withRedis([on('redis')])];
});

/**
 * `describe.each` that declares a case this run cannot reach with `describe.skip`, so vitest reports its
 * tests as skipped rather than leaving them out. `$name` (or any other `$key` of the case) in the title
 * is replaced by the case's value.
 */
export function describeEach<T extends SuiteCase>(cases: readonly T[]) {
  return (title: string, body: (c: T) => void): void => {
    for (const c of cases) {
      const named = title.replace(/\$(\w+)/g, (all, key: string) => {
        const value = (c as unknown as Record<string, unknown>)[key];
        return typeof value === 'string' ? value : all;
      });
      (c.missing ? describe.skip : describe)(named, () => body(c));
    }
  };
}
