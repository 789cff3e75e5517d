import { mkdtempSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startServer, type ServerProcess } from './spawn.js';

export interface DashboardServer {
  server: ServerProcess;
  /** The server's own address, also its PUBLIC_URL. */
  base: string;
  /** The directory holding its SQLite store (qrelay.db). */
  dir: string;
  /** The one-time set-up address the first start logs. */
  setupUrl(): string | undefined;
  stop(): Promise<void>;
}

/** The built server on a free port over a fresh SQLite store, as the browser suites drive it. */
export async function startDashboardServer(env: Record<string, string> = {}): Promise<DashboardServer> {
  const dir = mkdtempSync(join(tmpdir(), 'qrelay-e2e-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer({
    DATABASE_URL: `sqlite:${join(dir, 'qrelay.db')}`,
    PORT: String(port),
    PUBLIC_URL: base,
    GEOIP_DB: 'off',
    ...env,
  });
  await server.ready;
  return {
    server,
    base,
    dir,
    setupUrl: () => /"setupUrl":"([^"]+)"/.exec(server.output())?.[1],
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The newest mail to `recipient`, from the outbox the server keeps when no SMTP server is set. */
export function lastMailTo(served: DashboardServer, recipient: string): string {
  const db = new Database(join(served.dir, 'qrelay.db'), { readonly: true });
  try {
    const row = db.prepare('SELECT body FROM mail_outbox WHERE recipient = ? ORDER BY created_at DESC LIMIT 1').get(recipient) as
      { body: string } | undefined;
    return row?.body ?? '';
  } finally {
    db.close();
  }
}
