import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, startServer, freePort, type ServerProcess } from '../support/spawn.js';
import { createReplicaPair, replicaUnavailable, type ReplicaPair } from './pg-replica.js';
import { api, scan, until } from './traffic.js';

const unavailable = replicaUnavailable();
if (unavailable) {
  // Loud on purpose: CI logs must show that DATABASE_READ_URL went unproven on this machine.
  console.warn(`\n*** SKIPPED: the streaming replica test (DATABASE_READ_URL): ${unavailable} ***\n`);
}

const scansOf = (body: unknown) => Number(/"scans":(\d+)/.exec(JSON.stringify(body))?.[1] ?? NaN);

describe('DATABASE_READ_URL on a streaming replica', () => {
  if (unavailable) {
    it.skip(`SKIPPED: ${unavailable}`, () => undefined);
    return;
  }
  let pair: ReplicaPair;
  let server: ServerProcess;
  let base: string;
  let token: string;
  let primary: pg.Client;

  beforeAll(async () => {
    pair = await createReplicaPair();
    const env = {
      DATABASE_URL: pair.primaryUrl,
      DATABASE_READ_URL: pair.replicaUrl,
      PUBLIC_URL: 'http://qrelay.replica.test',
      GEOIP_DB: 'off',
      EVENT_JOURNAL_DIR: 'off',
    };
    const made = JSON.parse(cli(['account', 'create', '--name', 'Replica', '--plan', 'enterprise', '--json'], env).stdout);
    token = JSON.parse(
      cli(['token', 'create', '--account', made.account.id, '--scopes', 'codes:read,codes:write,analytics:read', '--json'], env)
        .stdout,
    ).token;
    const port = await freePort();
    server = startServer({ ...env, PORT: String(port) });
    await server.ready;
    base = `http://127.0.0.1:${port}`;
    primary = new pg.Client({ connectionString: pair.primaryUrl });
    await primary.connect();
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await primary?.end();
    await pair?.drop();
  });

  it('reads analytics from the replica, and what a person just wrote from the primary', async () => {
    const health = (await (await fetch(`${base}/healthz`)).json()) as { checks: Record<string, { status: string }> };
    expect(health.checks.replica?.status).toBe('ok');

    const made = await api<{ data: { id: string; shortCode: string } }>(base, token, 'POST', '/codes', {
      name: 'Replicated',
      url: 'https://example.com/r',
    });
    expect(made.status).toBe(201);
    const code = made.body.data;
    const analytics = async () => scansOf((await api(base, token, 'GET', `/analytics/codes/${code.id}?days=2`)).body);
    for (let i = 0; i < 5; i += 1) expect(await scan(base, code.shortCode)).toMatchObject({ status: 302 });
    expect(await until(analytics, (n) => n === 5, 30_000)).toBe(5);

    // The replica stops replaying: new scans reach the primary but not what analytics reads.
    await pair.replay(false);
    try {
      for (let i = 0; i < 3; i += 1) expect(await scan(base, code.shortCode)).toMatchObject({ status: 302 });
      const committed = async () =>
        (
          await primary.query<{ n: number }>(
            'select count(*)::int as n from events e join event_targets t on t.id = e.target where t.key = $1',
            [code.id],
          )
        ).rows[0]!.n;
      expect(await until(committed, (n) => n === 8, 30_000)).toBe(8);
      expect(await analytics()).toBe(5);

      // A code made now is readable and listed at once: those reads never leave the primary.
      const fresh = await api<{ data: { id: string } }>(base, token, 'POST', '/codes', {
        name: 'Fresh',
        url: 'https://example.com/f',
      });
      expect((await api(base, token, 'GET', `/codes/${fresh.body.data.id}`)).status).toBe(200);
      const listed = await api<{ data: { id: string }[] }>(base, token, 'GET', '/codes?limit=100');
      expect(listed.body.data.map((c) => c.id)).toContain(fresh.body.data.id);

      // Clearing the scans shows at once too: the account's analytics are read from the primary for a while.
      expect((await api(base, token, 'POST', `/codes/${code.id}/clear-scans`)).status).toBe(200);
      expect(await analytics()).toBe(0);
    } finally {
      await pair.replay(true);
    }
  });
});
