import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, freePort, ROOT, startServer } from '../support/spawn.js';

/** Runs a command in the project as CI does; returns its output, failing the test on a non-zero exit. */
function run(command: string, args: string[], env: Record<string, string> = {}): string {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  const output = `${result.stdout}${result.stderr}`;
  expect(result.status, `${command} ${args.join(' ')}\n${output}`).toBe(0);
  return output;
}

describe('a client generated from the OpenAPI document', () => {
  const file = join(tmpdir(), `qrelay-client-${process.pid}.db`);
  afterAll(() => {
    for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}.journal`]) rmSync(f, { force: true, recursive: true });
  });

  it('lints clean with Redocly', () => {
    const output = run('npm', ['run', '--silent', 'openapi:lint']);
    expect(output).toContain('Your API description is valid');
    // recommended-strict turns every warning into an error, so a clean exit means no problem at all.
    expect(output).not.toMatch(/You have \d+ (warning|error)/);
  });

  it('compiles, then creates a code, repoints it and reads its events against a running server', async () => {
    run('npm', ['run', '--silent', 'openapi:types']);
    run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'test/client/tsconfig.json']);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATABASE_URL: `sqlite:${file}`, PUBLIC_URL: base, GEOIP_DB: 'off' };
    const account = JSON.parse(cli(['account', 'create', '--name', 'Integrator', '--plan', 'business', '--json'], env).stdout);
    const { token } = JSON.parse(
      cli(['token', 'create', '--account', account.account.id, '--scopes', 'codes:write,analytics:read', '--json'], env).stdout,
    );
    const server = startServer({ ...env, PORT: String(port) });
    try {
      await server.ready;
      const output = run(process.execPath, ['test/client/generated/out/demo.js'], {
        QRELAY_API: `${base}/api/v1`,
        QRELAY_TOKEN: token,
      });
      const result = JSON.parse(output);
      expect(result.code.encode).toMatch(new RegExp(`^${base}/[A-Za-z0-9]{7}$`));
      expect(result.code.destination).toBe('https://example.com/winter-menu');
      expect(result.scan).toEqual({ status: 302, location: 'https://example.com/winter-menu' });
      expect(result.events).toEqual([{ type: 'scan', codeId: result.code.id }]);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
