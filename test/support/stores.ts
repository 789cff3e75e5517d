import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A store a test suite runs against: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export interface StoreTarget {
  name: 'sqlite' | 'postgres';
  /** A fresh, empty store: its URL, its PostgreSQL schema if any, and how to throw it away. */
  create(): Promise<{ url: string; schema?: string; drop(): Promise<void> }>;
}

const suffix = () => randomBytes(6).toString('hex');

export const sqliteStore: StoreTarget = {
  name: 'sqlite',
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

export const postgresStore = (url: string): StoreTarget => ({
  name: 'postgres',
  async create() {
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

/** Every store this run can reach. */
export const STORES: StoreTarget[] = [
  sqliteStore,
  ...(process.env.TEST_DATABASE_URL ? [postgresStore(process.env.TEST_DATABASE_URL)] : []),
];

/** Counter back ends to test limits against: the store itself, and Redis when REDIS_URL is set. */
export const COUNTER_BACKENDS: ('store' | 'redis')[] = ['store', ...(process.env.REDIS_URL ? (['redis'] as const) : [])];
