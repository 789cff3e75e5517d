import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** Redirects the first server must answer before it is killed. */
const TARGET = 400;
/** Parallel clients keeping the server busy up to the kill. */
const WORKERS = 8;
/**
 * Bounds of the load, whatever the server does: requests in all, time in all (checked between
 * requests), time for one answer.
 */
const MAX_REQUESTS = 4_000;
const LOAD_MS = 20_000;
const ANSWER_MS = 5_000;

const DESTINATION = 'https://example.com/box';

/**
 * A server killed with SIGKILL under load loses no event for a redirect it had already answered:
 * every answered redirect is in the store once the server has started again.
 */
describeEach(STORES)('recording survives SIGKILL ($name)', (target: StoreTarget) => {
  const dir = mkdtempSync(join(tmpdir(), 'qrelay-kill-'));
  let drop: () => Promise<void> = async () => undefined;
  afterEach(stopServers);
  afterAll(async () => {
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores an event for every redirect answered before the kill', { timeout: SPAWNING_TEST_MS }, async () => {
    const store = await target.create();
    drop = store.drop;
    const env = storeEnv(store, { EVENT_JOURNAL_DIR: join(dir, 'journal'), LOG_LEVEL: 'info' });
    const token = cliAccountToken(env, 'Kill');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const api = bearerFetch(base, token, ANSWER_MS);
    const first = startServer({ ...env, PORT: String(port), PUBLIC_URL: base });
    onTestFailed(() => console.error(`first server's output:\n${first.output()}`));
    await first.ready;
    const created = await api('/api/v1/codes', { method: 'POST', body: JSON.stringify({ name: 'Box', url: DESTINATION }) });
    expect(created.status).toBe(201);
    const code = ((await created.json()) as { data: { id: string; shortCode: string } }).data;

    // Load that ends on its own: at the kill, at the first wrong answer, or at its bounds.
    const load = AbortSignal.timeout(LOAD_MS);
    let answered = 0;
    let sent = 0;
    let killed = false;
    const wrong: string[] = [];
    let reached: () => void = () => undefined;
    const enough = new Promise<void>((resolve) => (reached = resolve));
    const worker = async (w: number) => {
      while (!killed && wrong.length === 0 && sent < MAX_REQUESTS && !load.aborted) {
        sent += 1;
        try {
          const res = await fetch(`${base}/${code.shortCode}?p=w${w}`, {
            redirect: 'manual',
            headers: { 'user-agent': IPHONE },
            signal: AbortSignal.timeout(ANSWER_MS),
          });
          await res.arrayBuffer();
          if (res.status === 302 && res.headers.get('location') === DESTINATION) {
            answered += 1;
            if (answered === TARGET) reached();
          } else if (!killed) wrong.push(`${res.status} ${res.headers.get('location')}`);
        } catch (error) {
          if (!killed) wrong.push(`no answer: ${(error as Error).name}`);
          return; // the server is gone, or did not answer in time
        }
      }
    };
    const workers = Promise.all(Array.from({ length: WORKERS }, (_, i) => worker(i)));
    await Promise.race([enough, workers]);
    expect(wrong, 'every request before the kill is answered with the redirect').toEqual([]);
    expect(answered, `redirects answered within ${LOAD_MS} ms and ${MAX_REQUESTS} requests`).toBeGreaterThanOrEqual(TARGET);

    killed = true;
    first.child.kill('SIGKILL');
    await first.exited;
    await workers;

    const second = startServer({ ...env, PORT: String(port), PUBLIC_URL: base });
    onTestFailed(() => console.error(`second server's output:\n${second.output()}`));
    await second.ready;
    const res = await api(`/api/v1/codes/${code.id}`);
    const { scans } = ((await res.json()) as { data: { scans: number } }).data;
    // Every answered redirect was recorded; nothing was counted that was never sent.
    expect(scans).toBeGreaterThanOrEqual(answered);
    expect(scans).toBeLessThanOrEqual(sent);
  });
});
