import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect, it, onTestFailed } from 'vitest';
import { cliAccountToken, freePort, startServer, stopServers, storeEnv, SPAWNING_TEST_MS } from '../support/spawn.js';
import { describeEach, STORES, type StoreTarget } from '../support/stores.js';

const ROWS = 20_000;
/** The dead server's lease on its job lapses after 30 s; the second server takes the job over then. */
const TAKEOVER_MS = 120_000;

interface JobView {
  status: string;
  total: number;
  done: number;
  file: string | null;
}

/**
 * A server killed with SIGKILL in the middle of a bulk job: the next server resumes the job once the
 * dead one's lease lapses, and every row ends up created exactly once.
 */
describeEach(STORES)('a bulk job survives SIGKILL ($name)', (target: StoreTarget) => {
  const dir = mkdtempSync(join(tmpdir(), 'qrelay-bulk-kill-'));
  let drop: () => Promise<void> = async () => undefined;
  afterEach(stopServers);
  afterAll(async () => {
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates every row once after a kill mid-job', { timeout: SPAWNING_TEST_MS + TAKEOVER_MS }, async () => {
    const store = await target.create();
    drop = store.drop;
    const env = storeEnv(store, { JOBS_DIR: join(dir, 'jobs'), EVENT_JOURNAL_DIR: join(dir, 'journal'), LOG_LEVEL: 'info' });
    const token = cliAccountToken(env, 'Bulk kill');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${base}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
    const job = async (id: string) => ((await (await api(`/api/v1/jobs/${id}`)).json()) as { data: JobView }).data;

    const first = startServer({ ...env, PORT: String(port), PUBLIC_URL: base });
    onTestFailed(() => console.error(`first server's output:\n${first.output()}`));
    await first.ready;
    const csv = ['name,url', ...Array.from({ length: ROWS }, (_, i) => `Box ${i + 1},https://example.com/box/${i + 1}`)].join(
      '\n',
    );
    const queued = await api('/api/v1/codes/bulk', { method: 'POST', body: csv, headers: { 'content-type': 'text/csv' } });
    expect(queued.status).toBe(202);
    const { id } = ((await queued.json()) as { data: { id: string } }).data;

    let seen = await job(id);
    const deadline = Date.now() + 60_000;
    while (seen.done === 0 && seen.status !== 'succeeded' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      seen = await job(id);
    }
    first.child.kill('SIGKILL');
    await first.exited;
    expect(seen.status, 'the job was still running at the kill').toBe('running');
    expect(seen.done).toBeGreaterThan(0);
    expect(seen.done).toBeLessThan(ROWS);

    const second = startServer({ ...env, PORT: String(port), PUBLIC_URL: base });
    onTestFailed(() => console.error(`second server's output:\n${second.output()}`));
    await second.ready;
    const until = Date.now() + TAKEOVER_MS;
    let end = await job(id);
    while (end.status !== 'succeeded' && end.status !== 'failed' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      end = await job(id);
    }
    expect(end).toMatchObject({ status: 'succeeded', total: ROWS, done: ROWS });
    const file = await (await api(`/api/v1/jobs/${id}/file`)).text();
    const rows = file
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','));
    expect(rows).toHaveLength(ROWS);
    expect(new Set(rows.map((r) => r[1])).size).toBe(ROWS);
    expect(new Set(rows.map((r) => r[2])).size).toBe(ROWS);
    const me = (await (await api('/api/v1/codes?limit=1&name=Box%2020000')).json()) as { data: unknown[] };
    expect(me.data).toHaveLength(1);
  });
});
