import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, it, onTestFailed } from 'vitest';
import { IPHONE } from '../support/hits.js';
import { cli, freePort, startServer, stopServers, type ServerProcess } from '../support/spawn.js';
import { describeEach, postgresStore } from '../support/stores.js';

/** Longest wait for the workers to listen, or for a replaced worker to come back (a busy machine starts slowly). */
const WAIT_MS = 90_000;
/** Redirects per round (each on a new connection, so the primary spreads them over the workers). */
const ROUND = 60;

/** GET on a fresh connection: the status, Location and the request id (its prefix names the process). */
function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; location?: string; process: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false, headers, timeout: 5_000 }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location,
          process: String(res.headers['x-request-id'] ?? '').split('-')[0]!,
        }),
      );
    });
    req.on('timeout', () => req.destroy(new Error('no answer in time')));
    req.on('error', reject);
    req.end();
  });
}

/** Waits (bounded) until the server's output says `text` at least `count` times. */
async function logged(server: ServerProcess, text: string, count: number): Promise<void> {
  const started = performance.now();
  while (server.output().split(text).length - 1 < count) {
    if (performance.now() - started > WAIT_MS) throw new Error(`"${text}" not logged ${count} times: ${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const workerPids = (server: ServerProcess) =>
  server
    .output()
    .split('\n')
    .filter((l) => l.includes('Server listening'))
    .map((l) => (JSON.parse(l) as { pid: number }).pid);

/** The events stored for a code. */
async function storedEvents(url: string, schema: string | undefined, codeId: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(
      `select count(*)::int as n from ${schema}.events e join ${schema}.event_targets t on t.id = e.target where t.key = $1 and e.type = 1`,
      [codeId],
    );
    return (result.rows[0] as { n: number }).n;
  } finally {
    await client.end();
  }
}

// Several processes need PostgreSQL (one process serves a SQLite store); each worker writes its own
// events, and every answered scan is stored exactly once.
describeEach([postgresStore(process.env.TEST_DATABASE_URL)])('WORKERS=2 on $name', (target) => {
  const dir = mkdtempSync(join(tmpdir(), 'qrelay-cluster-'));
  let store: Awaited<ReturnType<typeof target.create>>;
  beforeAll(async () => {
    store = await target.create();
  });
  afterEach(stopServers);
  afterAll(async () => {
    await store?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves from two workers, invalidates every cache, replaces a killed worker without losing an answered scan, and drains on SIGTERM', async () => {
    const env = {
      DATABASE_URL: store.url,
      ...(store.schema ? { DATABASE_SCHEMA: store.schema } : {}),
      EVENT_JOURNAL_DIR: join(dir, 'journal'),
      LOG_LEVEL: 'info',
    };
    const account = JSON.parse(cli(['account', 'create', '--name', 'Many', '--plan', 'enterprise', '--json'], env).stdout);
    const { token } = JSON.parse(
      cli(['token', 'create', '--account', account.account.id, '--scopes', 'codes:read,codes:write', '--json'], env).stdout,
    );
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServer({ ...env, WORKERS: '2', PORT: String(port), PUBLIC_URL: base });
    onTestFailed(() => console.error(`cluster output:\n${server.output()}`));
    await logged(server, 'Server listening', 2);
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${base}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        signal: AbortSignal.timeout(5_000),
      });
    const created = await api('/api/v1/codes', {
      method: 'POST',
      body: JSON.stringify({ name: 'Box', url: 'https://example.com/a' }),
    });
    expect(created.status).toBe(201);
    const code = ((await created.json()) as { data: { id: string; shortCode: string } }).data;

    let answered = 0;
    const round = async (expected: string) => {
      const answers = await Promise.all(
        Array.from({ length: ROUND }, () => get(port, `/${code.shortCode}`, { 'user-agent': IPHONE })),
      );
      for (const a of answers) expect([a.status, a.location]).toEqual([302, expected]);
      answered += answers.length;
      return new Set(answers.map((a) => a.process));
    };
    // Both workers answer, and both cache the destination.
    expect((await round('https://example.com/a')).size).toBe(2);

    // A repoint made on whichever worker takes the PATCH reaches the other worker's cache.
    const patched = await api(`/api/v1/codes/${code.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ url: 'https://example.com/b' }),
    });
    expect(patched.status).toBe(200);
    expect((await round('https://example.com/b')).size).toBe(2);

    // A worker killed outright is replaced; its journal is replayed, so no answered scan is lost.
    const [victim] = workerPids(server);
    process.kill(victim!, 'SIGKILL');
    await logged(server, 'a worker stopped; starting another in its place', 1);
    await logged(server, 'Server listening', 3);
    expect((await round('https://example.com/b')).size).toBe(2);

    // SIGTERM drains every worker and commits what they sent before the primary exits.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(await storedEvents(store.url, store.schema, code.id)).toBe(answered);
  }, 300_000);
});
