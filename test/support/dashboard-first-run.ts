import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { auditAndShoot, launch, saveAudits, watchCsp, watchRequests, type AxeViolation } from './chromium.js';
import { startDashboardServer, type DashboardServer } from './dashboard-server.js';

/** Pages the test's codes and links lead to: every path answers `Landed on <path>`. */
export interface Landing {
  url: string;
  server: Server;
}

/** A local site on a port of its own choosing, so a test sees where a visitor landed. */
export async function startLanding(): Promise<Landing> {
  const server = createServer((request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html><title>Landing</title><p>Landed on ${request.url}</p>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}

export interface FirstRunDashboard {
  served: DashboardServer;
  /** The server's own address. */
  base: string;
  landing: Landing;
  browser: Browser;
  /** A desktop's context (1280 × 800) that accepts downloads, holding the owner's session. */
  context: BrowserContext;
  page: Page;
  /** The Content-Security-Policy refusals `page` has reported so far. */
  csp: string[];
  /** Every audit so far, by page name. */
  audits: Record<string, AxeViolation[]>;
  /** Audits the page as it is now (axe: serious and critical) and photographs it at 360 and 1280 px. */
  visit(name: string): Promise<void>;
  /** A request through the session surface, as the page itself makes it (cookie and CSRF token); a failure throws. */
  call<T>(method: string, path: string, body?: object): Promise<T>;
  /** Ends the browser and both servers, and writes the audits to test-output/<auditFile>. */
  close(): Promise<void>;
}

export interface FirstRunOptions {
  /** The first account, made through the set-up address the first start logs. */
  account: { name: string; email: string; password: string };
  /** Prefix of the screenshots' names. */
  shots: string;
  /** Where the audits are written, under test-output. */
  auditFile: string;
  /** Settings of the server beyond the usual ones. */
  env?: Record<string, string>;
}

/**
 * The built server on its first start, a landing site, and a desktop browser watching the page's
 * Content-Security-Policy, signed in as the owner of the first account. The set-up page itself is
 * covered by the main dashboard suite; here the first run goes through the session surface.
 */
export async function firstRunDashboard(options: FirstRunOptions): Promise<FirstRunDashboard> {
  const started: { stop(): Promise<void> }[] = [];
  const stopAll = async () => {
    for (const part of started.reverse()) await part.stop();
  };
  try {
    const served = await startDashboardServer(options.env);
    started.push(served);
    const landing = await startLanding();
    started.push({ stop: () => new Promise<void>((resolve) => landing.server.close(() => resolve())) });
    const browser = await launch();
    started.push({ stop: () => browser.close() });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    const page = await context.newPage();
    watchRequests(page);
    const csp = watchCsp(page);
    const base = served.base;
    const audits: Record<string, AxeViolation[]> = {};
    const call = async <T>(method: string, path: string, body?: object): Promise<T> => {
      const state = await (await context.request.get(`${base}/app/api/session`)).json();
      const response = await context.request.fetch(`${base}${path}`, {
        method,
        headers: { 'x-csrf-token': state.data.csrfToken, 'content-type': 'application/json' },
        ...(body ? { data: JSON.stringify(body) } : {}),
      });
      expect(response.status(), await response.text()).toBeLessThan(300);
      return (await response.json()).data as T;
    };
    const token = new URL(served.setupUrl()!).searchParams.get('token');
    const { name: accountName, email, password } = options.account;
    await call('POST', '/app/api/setup', { token, accountName, email, password });
    return {
      served,
      base,
      landing,
      browser,
      context,
      page,
      csp,
      audits,
      visit: (name) => auditAndShoot(page, audits, name, `${options.shots}${name}`),
      call,
      async close() {
        await stopAll();
        saveAudits(options.auditFile, audits);
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
