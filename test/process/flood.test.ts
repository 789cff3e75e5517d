import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, expect, it, onTestFailed } from 'vitest';
import { IPHONE } from '../support/hits.js';
import {
  bearerFetch,
  cliAccountToken,
  freePort,
  startServer,
  stopServers,
  storeEnv,
  SPAWNING_TEST_MS,
} from '../support/spawn.js';
import { describeEach, STORES, type StoreTarget } from '../support/stores.js';

/** The smallest buffer the service takes: answers are held past 50 uncommitted hits, hits dropped past 100. */
const BUFFER_MAX = 100;
/**
 * Parallel clients. Each holds at most one answered-or-held request, and a held answer is let go after a
 * second at the latest, so over the stall the backlog stays under 50 + 2 × 20 = 90: nothing is dropped.
 */
const CLIENTS = 20;
/** How long the events table is locked while the clients keep scanning. */
const STALL_MS = 1_500;
const ANSWER_MS = 10_000;
const METRICS_TOKEN = 'flood-test-metrics-token';
const DESTINATION = 'https://example.com/flood';

/** Resolves once `done()` holds, looking every few milliseconds; fails after `ms`. */
async function until(done: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = performance.now() + ms;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Takes the store's write lock on the events for `ms`, as a slow or busy store would. */
async function stallWrites(store: { url: string; schema?: string }, ms: number): Promise<void> {
  const pause = () => new Promise((resolve) => setTimeout(resolve, ms));
  if (store.url.startsWith('sqlite:')) {
    const db = new BetterSqlite3(store.url.slice('sqlite:'.length));
    try {
      db.exec('BEGIN IMMEDIATE');
      await pause();
      db.exec('COMMIT');
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: store.url });
  await client.connect();
  try {
    await client.query(`SET search_path TO ${store.schema}`);
    await client.query('BEGIN');
    await client.query('LOCK TABLE events IN EXCLUSIVE MODE');
    await pause();
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

/**
 * A flood that the store cannot take for a while (its events locked) is slowed, not dropped: answers to
 * recorded scans wait for the writer, and every answered scan is stored.
 */
describeEach(STORES)('a flood while the store is slow ($name)', (target: StoreTarget) => {
  const dir = mkdtempSync(join(tmpdir(), 'qrelay-flood-'));
  let drop: () => Promise<void> = async () => undefined;
  afterEach(stopServers);
  afterAll(async () => {
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds answers until the writer catches up and stores every answered scan', { timeout: SPAWNING_TEST_MS }, async () => {
    const store = await target.create();
    drop = store.drop;
    const env = storeEnv(store, {
      EVENT_JOURNAL_DIR: join(dir, 'journal'),
      EVENT_BUFFER_MAX: String(BUFFER_MAX),
      METRICS_TOKEN,
      LOG_LEVEL: 'info',
    });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const api = bearerFetch(base, cliAccountToken(env, 'Flood'), ANSWER_MS);
    const server = startServer({ ...env, PORT: String(port), PUBLIC_URL: base });
    onTestFailed(() => console.error(`server output:\n${server.output()}`));
    await server.ready;
    const created = await api('/api/v1/codes', { method: 'POST', body: JSON.stringify({ name: 'Flood', url: DESTINATION }) });
    expect(created.status).toBe(201);
    const code = ((await created.json()) as { data: { id: string; shortCode: string } }).data;

    // Clients scan without pause from before the stall until a moment after it.
    let scanning = true;
    let answered = 0;
    let slowest = 0;
    const wrong: string[] = [];
    const client = async () => {
      while (scanning && wrong.length === 0) {
        const sent = performance.now();
        const res = await fetch(`${base}/${code.shortCode}`, {
          redirect: 'manual',
          headers: { 'user-agent': IPHONE },
          signal: AbortSignal.timeout(ANSWER_MS),
        });
        await res.arrayBuffer();
        slowest = Math.max(slowest, performance.now() - sent);
        if (res.status === 302 && res.headers.get('location') === DESTINATION) answered += 1;
        else wrong.push(`${res.status} ${res.headers.get('location')}`);
      }
    };
    const clients = Promise.all(Array.from({ length: CLIENTS }, client));
    await until(() => answered >= 100 || wrong.length > 0, ANSWER_MS, 'the flood to start');
    await stallWrites(store, STALL_MS);
    const afterStall = answered;
    await until(() => answered >= afterStall + 100 || wrong.length > 0, ANSWER_MS, 'answers after the stall');
    scanning = false;
    await clients;
    expect(wrong).toEqual([]);

    // Every answered scan is committed (the last batch within its window), none dropped, and answers were held.
    let scans = 0;
    const readScans = async () => {
      const res = await api(`/api/v1/codes/${code.id}`);
      scans = ((await res.json()) as { data: { scans: number } }).data.scans;
      return scans;
    };
    const deadline = performance.now() + ANSWER_MS;
    while ((await readScans()) < answered && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(scans).toBe(answered);
    const metrics = await (await bearerFetch(base, METRICS_TOKEN, ANSWER_MS)('/metrics')).text();
    expect(metrics).toMatch(/^qrelay_recorder_dropped 0$/m);
    if (target.name === 'sqlite') {
      // The writer shares the serving thread and its one connection: the thread waits for the lock, so
      // the answers during the stall wait with it.
      expect(slowest).toBeGreaterThan(STALL_MS / 2);
    } else {
      // The writer waits for the store while the thread keeps answering: answers are held for it.
      expect(Number(/^qrelay_recorder_held_answers_total (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThan(0);
    }
    expect(server.output()).not.toContain('dropping hits');
  });
});
