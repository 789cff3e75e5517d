import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort, startServer, stopServers } from '../support/spawn.js';

describe('ADMIN_PORT', () => {
  const file = join(tmpdir(), `qrelay-admin-${process.pid}.db`);
  afterEach(stopServers);
  afterAll(() => {
    for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}.journal`]) rmSync(f, { force: true, recursive: true });
  });

  it('serves /metrics on the admin port only, and nothing else there', async () => {
    const [port, adminPort] = [await freePort(), await freePort()];
    const server = startServer({
      DATABASE_URL: `sqlite:${file}`,
      PORT: String(port),
      ADMIN_PORT: String(adminPort),
      GEOIP_DB: 'off',
    });
    await server.ready;
    const admin = await fetch(`http://127.0.0.1:${adminPort}/metrics`);
    expect(admin.status).toBe(200);
    const text = await admin.text();
    expect(text).toContain('qrelay_recorder_backlog 0');
    expect(text).toContain('qrelay_webhook_queue_pending 0');
    expect((await fetch(`http://127.0.0.1:${adminPort}/api/v1/me`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});
