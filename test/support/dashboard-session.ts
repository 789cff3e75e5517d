/// <reference lib="dom" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { auditAndShoot, launch, saveAudits, watchRequests, type AxeViolation } from './chromium.js';
import { cli, freePort, startServer, type ServerProcess } from './spawn.js';

export interface SignedInDashboard {
  base: string;
  server: ServerProcess;
  browser: Browser;
  page: Page;
  /** Audits the page as it is now (axe: serious and critical) and photographs it at 360 and 1280 px. */
  visit(name: string): Promise<void>;
  /** Every audit so far, by page name. */
  audits: Record<string, AxeViolation[]>;
  /** A JSON request from inside the signed-in page, with the session's CSRF token. */
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<{ status: number; body: { data: T } }>;
  close(auditFile: string): Promise<void>;
}

/**
 * A server on a real port with one company made by the operator's CLI, and a browser signed in as
 * its owner through the CLI's one-time set-password link (the way an operator hands over access).
 */
export async function signedInDashboard(
  email: string,
  password: string,
  extraEnv: Record<string, string> = {},
  /** The host name the service is reached by (`localhost` where WebAuthn needs a domain, not an address). */
  host = '127.0.0.1',
): Promise<SignedInDashboard> {
  const dir = mkdtempSync(join(tmpdir(), 'qrelay-dashboard-'));
  const port = await freePort();
  const base = `http://${host}:${port}`;
  const env = {
    DATABASE_URL: `sqlite:${join(dir, 'qrelay.db')}`,
    PORT: String(port),
    PUBLIC_URL: base,
    GEOIP_DB: 'off',
    ...extraEnv,
  };
  const made = cli(['account', 'create', '--name', 'Acme', '--plan', 'business', '--owner-email', email, '--json'], env);
  if (made.status !== 0) throw new Error(`account create failed: ${made.stderr}`);
  const link = cli(['user', 'password-link', '--email', email, '--json'], env);
  if (link.status !== 0) throw new Error(`password-link failed: ${link.stderr}`);
  const server = startServer(env);
  await server.ready;
  const browser = await launch();
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true })).newPage();
  watchRequests(page);
  await page.goto((JSON.parse(link.stdout) as { url: string }).url);
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await page.waitForURL('**/app/codes');
  const audits: Record<string, AxeViolation[]> = {};
  return {
    base,
    server,
    browser,
    page,
    audits,
    visit: (name) => auditAndShoot(page, audits, name),
    call: <T>(method: string, path: string, body?: unknown) =>
      page.evaluate(
        async ([m, p, b]) => {
          const session = await (await fetch('/app/api/session')).json();
          const response = await fetch(p as string, {
            method: m as string,
            headers: { 'content-type': 'application/json', 'x-csrf-token': session.data.csrfToken },
            ...(b === undefined ? {} : { body: JSON.stringify(b) }),
          });
          return { status: response.status, body: await response.json() };
        },
        [method, path, body] as const,
      ) as Promise<{ status: number; body: { data: T } }>,
    async close(auditFile) {
      await browser.close();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
      saveAudits(auditFile, audits);
    },
  };
}
