import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, freePort, startServer } from '../support/spawn.js';

describe('the server process', () => {
  const file = join(tmpdir(), `qrelay-process-${process.pid}.db`);
  afterAll(() => {
    for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}.journal`]) rmSync(f, { force: true, recursive: true });
  });

  it('serves /healthz and /api/v1/me with a CLI-made token, then drains and exits 0 on SIGTERM', async () => {
    const env = { DATABASE_URL: `sqlite:${file}` };
    const account = JSON.parse(cli(['account', 'create', '--name', 'Proc', '--plan', 'starter', '--json'], env).stdout);
    const { token } = JSON.parse(
      cli(['token', 'create', '--account', account.account.id, '--scopes', 'codes:read', '--json'], env).stdout,
    );
    const port = await freePort();
    const server = startServer({ ...env, PORT: String(port), LOG_LEVEL: 'info' });
    await server.ready;
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const me = await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { account: { name: string } } }).data.account.name).toBe('Proc');

    const inFlight = fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    server.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toMatch(/127\.0\.0\.1(?!:\d+")/);
  });

  it('refuses to start on a bad configuration value and names it', async () => {
    for (const [name, value] of [
      ['PORT', 'eighty'],
      ['DATABASE_URL', 'mysql://x'],
      ['PUBLIC_URL', 'ftp://x'],
      ['TRUST_PROXY', 'maybe'],
      ['REDIS_URL', 'http://x'],
    ] as const) {
      const server = startServer({ DATABASE_URL: `sqlite:${file}`, [name]: value });
      await expect(server.ready).rejects.toThrow(name);
      expect(await server.exited).toBe(2);
    }
  });
});
