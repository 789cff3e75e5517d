import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { IPHONE } from '../support/hits.js';
import { cli, freePort, startServer } from '../support/spawn.js';
import { describeEach, STORES, type StoreTarget } from '../support/stores.js';

/**
 * A server killed with SIGKILL under load loses no event for a redirect it had already answered:
 * every answered redirect is in the store once the server has started again.
 */
describeEach(STORES)('recording survives SIGKILL ($name)', (target: StoreTarget) => {
  const dir = mkdtempSync(join(tmpdir(), 'qrelay-kill-'));
  let drop: () => Promise<void> = async () => undefined;
  afterAll(async () => {
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores an event for every redirect answered before the kill', async () => {
    const store = await target.create();
    drop = store.drop;
    const env: Record<string, string> = {
      DATABASE_URL: store.url,
      ...(store.schema ? { DATABASE_SCHEMA: store.schema } : {}),
      EVENT_JOURNAL_DIR: join(dir, 'journal'),
      LOG_LEVEL: 'info',
    };
    const account = JSON.parse(cli(['account', 'create', '--name', 'Kill', '--plan', 'enterprise', '--json'], env).stdout);
    const { token } = JSON.parse(
      cli(['token', 'create', '--account', account.account.id, '--scopes', 'codes:read,codes:write', '--json'], env).stdout,
    );
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = startServer({ ...env, PORT: String(port), PUBLIC_URL: base });
    await first.ready;
    const created = await fetch(`${base}/api/v1/codes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Box', url: 'https://example.com/box' }),
    });
    const code = ((await created.json()) as { data: { id: string; shortCode: string } }).data;

    let answered = 0;
    let sent = 0;
    let stop = false;
    const loop = async (worker: number) => {
      while (!stop) {
        sent += 1;
        try {
          const res = await fetch(`${base}/${code.shortCode}?p=w${worker}`, {
            redirect: 'manual',
            headers: { 'user-agent': IPHONE },
          });
          if (res.status === 302) answered += 1;
          await res.arrayBuffer();
        } catch {
          return; // the server is gone
        }
      }
    };
    const loops = Array.from({ length: 8 }, (_, i) => loop(i));
    while (answered < 400) await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    await first.exited;
    stop = true;
    await Promise.all(loops);
    expect(answered).toBeGreaterThanOrEqual(400);

    const second = startServer({ ...env, PORT: String(port), PUBLIC_URL: base });
    await second.ready;
    try {
      const res = await fetch(`${base}/api/v1/codes/${code.id}`, { headers: { authorization: `Bearer ${token}` } });
      const { scans } = ((await res.json()) as { data: { scans: number } }).data;
      expect(scans).toBeGreaterThanOrEqual(answered);
      expect(scans).toBeLessThanOrEqual(sent);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });
});
