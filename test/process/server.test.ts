import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cli, freePort, startServer, stopServers } from '../support/spawn.js';

describe('the server process', () => {
  const file = join(tmpdir(), `qrelay-process-${process.pid}.db`);
  afterEach(stopServers);
  afterAll(() => {
    for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}.journal`]) rmSync(f, { force: true, recursive: true });
  });

  it('serves /healthz and /api/v1/me with a CLI-made token, then drains and exits 0 on SIGTERM', async () => {
    const env = { DATABASE_URL: `sqlite:${file}` };
    const account = JSON.parse(cli(['account', 'create', '--name', 'Proc', '--plan', 'starter', '--json'], env).stdout);
    const { token } = JSON.parse(
      cli(['token', 'create', '--account', account.account.id, '--scopes', 'codes:read', '--json'], env).stdout,
    );
    const writer = JSON.parse(
      cli(['token', 'create', '--account', account.account.id, '--scopes', 'codes:write', '--json'], env).stdout,
    ).token as string;
    const port = await freePort();
    const server = startServer({ ...env, PORT: String(port), LOG_LEVEL: 'info' });
    await server.ready;
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const me = await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { account: { name: string } } }).data.account.name).toBe('Proc');

    // The address the server prints is one the resolver answers on (PUBLIC_URL is localhost:<port>).
    const code = await fetch(`${base}/api/v1/codes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${writer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Menu', url: 'https://example.com/menu' }),
    });
    expect(code.status).toBe(201);
    const { shortCode, url } = ((await code.json()) as { data: { shortCode: string; url: string } }).data;
    expect(url).toBe(`http://localhost:${port}/${shortCode}`);
    const scan = await fetch(`${base}/${shortCode}`, { redirect: 'manual' });
    expect(scan.status).toBe(302);
    expect(scan.headers.get('location')).toBe('https://example.com/menu');
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toContain('qrelay_resolver_requests_total{outcome="redirect"} 1');
    expect(metrics).toMatch(/qrelay_api_requests_total\{method="POST",route="\/api\/v1\/codes",status="201"\} 1/);

    const inFlight = fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    server.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toMatch(/127\.0\.0\.1(?!:\d+")/);

    const lines = server.output().split('\n').filter(Boolean);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.find((l) => l.api === `http://localhost:${port}/api/v1`)).toMatchObject({
      level: 30,
      shortAddresses: `http://localhost:${port}/<ending>`,
      openapi: `http://localhost:${port}/api/v1/openapi.json`,
    });
    const requests = logged.filter((l) => l.msg === 'request');
    expect(requests.map((l) => `${l.method} ${l.route} ${l.status}`)).toEqual([
      'GET /api/v1/me 200',
      'POST /api/v1/codes 201',
      'GET /api/v1/me 200',
    ]);
    for (const line of requests) {
      expect(line).toMatchObject({ level: 30, accountId: account.account.id });
      expect(typeof line.reqId).toBe('string');
      expect(typeof line.ms).toBe('number');
    }
    // Never a token; the resolver (and health) are not logged per request: the list above is complete.
    expect(server.output()).not.toContain(token.slice(8));
    expect(server.output()).not.toContain(writer.slice(8));
    expect(server.output()).not.toContain(shortCode);
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
      // One structured line for the log collector, and the human message.
      const lines = server.output().trim().split('\n');
      const structured = lines.find((line) => line.startsWith('{'));
      const human = lines.find((line) => !line.startsWith('{'));
      expect(lines).toHaveLength(2);
      expect(JSON.parse(structured!)).toMatchObject({ level: 60, stage: 'configuration', variable: name, exitCode: 2 });
      expect(human).toMatch(new RegExp(`^qrelay: invalid configuration: ${name}: `));
    }
  });
});
