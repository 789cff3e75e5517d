import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, freePort, startServer } from './spawn.js';

export interface ContentServer {
  /** The server's own address, also its PUBLIC_URL. */
  base: string;
  /** A token of the one account, with the scopes asked for. */
  token: string;
  stop(): Promise<void>;
}

/** The built server on a free port over a fresh SQLite store, with one account and a token of `scopes`. */
export async function startContentServer(scopes: string, extraEnv: Record<string, string> = {}): Promise<ContentServer> {
  const dir = mkdtempSync(join(tmpdir(), 'qrelay-e2e-content-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { DATABASE_URL: `sqlite:${join(dir, 'qrelay.db')}`, PUBLIC_URL: base, GEOIP_DB: 'off', ...extraEnv };
  const account = cli(['account', 'create', '--name', 'Rosa', '--plan', 'business', '--json'], env);
  const accountId = (JSON.parse(account.stdout) as { account: { id: string } }).account.id;
  const token = (
    JSON.parse(cli(['token', 'create', '--account', accountId, '--scopes', scopes, '--json'], env).stdout) as { token: string }
  ).token;
  const server = startServer({ ...env, PORT: String(port) });
  await server.ready;
  return {
    base,
    token,
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
