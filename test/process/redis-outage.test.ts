import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, freePort, startServer } from '../support/spawn.js';

/** A private Redis on its own port, so stopping it troubles nobody else's. */
async function privateRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => 50, maxRetriesPerRequest: 0 });
  probe.on('error', () => undefined);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if ((await probe.ping().catch(() => null)) === 'PONG') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  probe.disconnect();
  return child;
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

const until = async <T>(probe: () => Promise<T>, ok: (value: T) => boolean, ms = 20_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('Redis going away', () => {
  const file = join(tmpdir(), `qrelay-redis-outage-${process.pid}.db`);
  const children: ChildProcess[] = [];
  afterAll(async () => {
    await Promise.all(children.map(stop));
    for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}.journal`]) rmSync(f, { force: true, recursive: true });
  });

  it('reports it on /healthz, keeps serving on fallbacks, logs the outage and the recovery once, and stops quickly', async () => {
    const redisPort = await freePort();
    children.push(await privateRedis(redisPort));
    const env = { DATABASE_URL: `sqlite:${file}`, REDIS_URL: `redis://127.0.0.1:${redisPort}`, GEOIP_DB: 'off' };
    const account = JSON.parse(cli(['account', 'create', '--name', 'Outage', '--plan', 'business', '--json'], env).stdout);
    const { token } = JSON.parse(
      cli(['token', 'create', '--account', account.account.id, '--scopes', 'codes:read,codes:write', '--json'], env).stdout,
    );
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServer({ ...env, PORT: String(port), PUBLIC_URL: base, LOG_LEVEL: 'info' });
    children.push(server.child);
    await server.ready;
    const health = async () => {
      const res = await fetch(`${base}/healthz`);
      return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, { status: string }> } };
    };
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${base}/api/v1${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
      });

    const healthy = await until(health, (h) => h.body.checks.redis?.status === 'ok');
    expect(healthy).toEqual({
      status: 200,
      body: { status: 'ok', checks: { database: { status: 'ok' }, redis: { status: 'ok' } } },
    });
    const created = await api('/codes', { method: 'POST', body: JSON.stringify({ name: 'Menu', url: 'https://example.com/m' }) });
    expect(created.status).toBe(201);
    const code = ((await created.json()) as { data: { id: string; shortCode: string } }).data;
    const used = Number((await api('/me')).headers.get('ratelimit-remaining'));

    await stop(children.shift()!);
    const degraded = await until(health, (h) => h.body.checks.redis?.status === 'down');
    expect(degraded.status).toBe(200);
    expect(degraded.body.status).toBe('degraded');
    expect(degraded.body.checks.database).toEqual({ status: 'ok' });
    // Serving goes on: limits are counted in the database, the resolver answers, writes work.
    const me = await api('/me');
    expect(me.status).toBe(200);
    expect(Number(me.headers.get('ratelimit-remaining'))).toBeGreaterThan(0);
    expect(Number(me.headers.get('ratelimit-remaining'))).not.toBe(used - 1); // a fresh count, in the database
    const repointed = await api(`/codes/${code.id}`, { method: 'PATCH', body: JSON.stringify({ url: 'https://example.com/n' }) });
    expect(repointed.status).toBe(200);
    const scan = await fetch(`${base}/${code.shortCode}`, { redirect: 'manual' });
    expect(scan.status).toBe(302);
    expect(scan.headers.get('location')).toBe('https://example.com/n');
    await new Promise((resolve) => setTimeout(resolve, 2_500)); // several reconnection attempts

    children.unshift(await privateRedis(redisPort));
    const back = await until(health, (h) => h.body.checks.redis?.status === 'ok');
    expect(back).toEqual({
      status: 200,
      body: { status: 'ok', checks: { database: { status: 'ok' }, redis: { status: 'ok' } } },
    });
    expect((await api('/me')).status).toBe(200);

    // Gone again, and the process is told to stop: it does not wait for Redis.
    await stop(children.shift()!);
    await until(health, (h) => h.body.checks.redis?.status === 'down');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const lines = server.output().split('\n');
    expect(lines.filter((l) => l.includes('redis is unavailable'))).toHaveLength(2);
    expect(lines.filter((l) => l.includes('redis is back'))).toHaveLength(1);
    expect(server.output()).not.toMatch(/Unhandled error|ECONNREFUSED.*\n.*ECONNREFUSED/);
  });
});
