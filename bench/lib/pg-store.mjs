// A fresh PostgreSQL schema with one enterprise account, a read token and N codes made through the
// API, for the benchmarks that run qrelay on PostgreSQL and Redis. Dropped by `drop()`.
import { cli as runCli } from './cli.mjs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort, start, stop } from './server.mjs';

export const PG = process.env.BENCH_PG ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS = process.env.BENCH_REDIS ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function pgStore(codeCount) {
  const schema = `qrelay_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const env = {
    DATABASE_URL: PG,
    DATABASE_SCHEMA: schema,
    REDIS_URL: REDIS,
    PUBLIC_URL: 'http://qrelay.bench.test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
  };
  const cli = (args) => runCli(args, env);
  const port = await freePort();
  // The first start migrates the fresh schema.
  const child = await start('dist/main.js', { ...env, WORKERS: '1', PORT: String(port), EVENT_JOURNAL_DIR: 'off' }, port, null);
  const codes = [];
  let token;
  try {
    const { account } = cli(
      ['account', 'create', '--name', 'Bench', '--plan', 'enterprise', '--rate-per-minute', '100000000'].concat([
        '--monthly-allowance',
        '1000000000',
      ]),
    );
    token = cli(['token', 'create', '--account', account.id, '--scopes', 'codes:read,codes:write']).token;
    for (let i = 0; i < codeCount; i += 1) {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/codes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Bench ${i}`, url: `https://example.com/${i}` }),
      });
      if (response.status !== 201) throw new Error(`creating a code answered ${response.status}`);
      codes.push((await response.json()).data);
    }
  } finally {
    await stop(child);
  }
  return {
    env,
    token,
    redirects: codes.map((c) => `/${c.shortCode}`),
    reads: codes.map((c) => `/api/v1/codes/${c.id}`),
    async events() {
      return (await admin.query(`SELECT count(*)::int AS n FROM ${schema}.events`)).rows[0].n;
    },
    async drop() {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    },
  };
}
