/// <reference lib="dom" />
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditAndShoot,
  auditFindings,
  hasChromium,
  launch,
  OUTPUT,
  saveAudits,
  seriousViolations,
  STORY_OPTIONS,
  STORY_TIMEOUT_MS,
  type AxeViolation,
} from '../support/chromium.js';
import { startDashboardServer, type DashboardServer } from '../support/dashboard-server.js';

const PASSWORD = 'a long and private passphrase';
const OWNER = 'owner@acme.test';

/**
 * The dashboard as people use it, in real headless Chromium against the built server on a real
 * port: the stories run in order, like a first morning with qrelay.
 */
describe.runIf(hasChromium)('the dashboard in a browser', STORY_OPTIONS, () => {
  let served: DashboardServer;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const audits: Record<string, AxeViolation[]> = {};
  let shortUrl = '';

  /** Audits the page as it is now and photographs it at a phone's and a desktop's width. */
  const visit = (name: string) => auditAndShoot(page, audits, name);

  const redirectOf = async (url: string) => (await fetch(url, { redirect: 'manual' })).headers.get('location');

  beforeAll(async () => {
    served = await startDashboardServer();
    base = served.base;
    browser = await launch();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  }, STORY_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
    saveAudits('axe.json', audits);
  });

  it('the operator opens the logged set-up address and creates the first account', async () => {
    const setupUrl = served.setupUrl();
    expect(setupUrl).toMatch(/\/app\/setup\?token=[0-9A-Za-z]{43}$/);
    await page.goto(`${base}/app/`);
    await page.waitForURL('**/app/setup');
    await page.goto(setupUrl!);
    await page.getByRole('heading', { name: 'Set up qrelay' }).waitFor();
    await visit('setup');
    await page.getByLabel('Company or team name').fill('Acme');
    await page.getByLabel('Your e-mail address').fill(OWNER);
    await page.getByLabel('Choose a password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create the account' }).click();
    await page.waitForURL('**/app/codes');
    await page.getByText('No codes yet').waitFor();
    await visit('codes-empty');
  });

  it('a marketer signs out and signs back in; a wrong password keeps what was typed', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/app/sign-in');
    await visit('sign-in');
    await page.getByLabel('E-mail address').fill(OWNER);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').getByText('The e-mail address or the password is wrong.').waitFor();
    expect(await page.getByLabel('E-mail address').inputValue()).toBe(OWNER);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/app/codes');
    await page.getByRole('heading', { name: 'Codes', level: 1 }).waitFor();
  });

  it('creates a dynamic code; a refused ending is explained beside the field and nothing typed is lost', async () => {
    await page.getByRole('link', { name: 'New code' }).click();
    await page.getByRole('heading', { name: 'New code' }).waitFor();
    await visit('code-new');
    await page.getByLabel('Name', { exact: true }).fill('Spring poster');
    await page.getByLabel('Destination', { exact: true }).fill('https://example.com/spring');
    await page.getByLabel('Ending (optional)').fill('app');
    await page.getByRole('button', { name: 'Create code' }).click();
    await page.locator('.field-error', { hasText: 'reserved' }).waitFor();
    await visit('code-new-error');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Spring poster');
    await page.getByLabel('Ending (optional)').fill('spring-poster');
    await page.getByRole('button', { name: 'Create code' }).click();
    await page.waitForURL(/\/app\/codes\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Spring poster' }).waitFor();
    shortUrl = (await page.locator('.address code').textContent()) ?? '';
    expect(shortUrl).toBe(`${base}/spring-poster`);
    await visit('code-detail');
  });

  it('repoints the code and the resolver follows at once', async () => {
    expect(await redirectOf(shortUrl)).toBe('https://example.com/spring');
    await page.getByLabel('Destination', { exact: true }).fill('https://example.com/summer');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved. The next scan follows the new destination.').waitFor();
    expect(await redirectOf(shortUrl)).toBe('https://example.com/summer');
  });

  it('pauses, resumes and, after confirming, archives a second code', async () => {
    await page.goto(`${base}/app/codes/new`);
    await page.getByLabel('Name', { exact: true }).fill('Old flyer');
    await page.getByLabel('Destination', { exact: true }).fill('https://example.com/flyer');
    await page.getByRole('button', { name: 'Create code' }).click();
    await page.getByRole('heading', { name: 'Old flyer' }).waitFor();
    const address = (await page.locator('.address code').textContent()) ?? '';
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    expect((await fetch(address, { redirect: 'manual' })).status).toBe(200);
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    await page.getByRole('button', { name: 'Archive…' }).click();
    await page.getByRole('dialog').waitFor();
    await visit('code-archive-dialog');
    await page.getByRole('button', { name: 'Archive the code' }).click();
    await page.getByText('This code is archived').waitFor();
    expect((await fetch(address, { redirect: 'manual' })).status).toBe(410);
  });

  it('lists, searches and filters codes', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Codes' }).click();
    await page.getByRole('link', { name: 'Spring poster' }).waitFor();
    await visit('codes');
    await page.getByLabel('Search by name').fill('flyer');
    await page.getByRole('link', { name: 'Old flyer' }).waitFor();
    await page.getByRole('link', { name: 'Spring poster' }).waitFor({ state: 'detached' });
    await page.getByLabel('Search by name').fill('');
    await page.getByLabel('Status').selectOption('active');
    await page.getByRole('link', { name: 'Old flyer' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Spring poster' }).waitFor();
    await page.getByLabel('Search by name').fill('nothing like this');
    await page.getByText('No code matches').waitFor();
  });

  it('creates an API token in settings, shown once, that answers /api/v1/me', async () => {
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await visit('settings');
    await page.getByRole('link', { name: 'API tokens' }).click();
    await page.getByText('No tokens yet').waitFor();
    await visit('tokens');
    // The owner is offered every scope, team:write included (a member is offered read scopes only:
    // dashboard-data.test.ts).
    await page.getByLabel('team:write').waitFor();
    await page.getByLabel('Label').fill('Print shop');
    await page.getByLabel('codes:read').check();
    await page.getByLabel('analytics:read').check();
    const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;
    await page.getByLabel('Expires on (optional)').fill(nextYear);
    await page.getByRole('button', { name: 'Create token' }).click();
    const secret = (await page.getByLabel('The new token').textContent()) ?? '';
    expect(secret).toMatch(/^qrelay1_[0-9A-Za-z]{32}$/);
    await visit('token-created');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await page.getByRole('button', { name: 'Copy token' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const me = await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${secret}` } });
    expect(me.status).toBe(200);
    expect((await me.json()).data.token.scopes).toEqual(['codes:read', 'analytics:read']);
    await page.getByRole('button', { name: 'Done' }).click();
    // The list already shows the token beside the secret: Done hides the secret.
    await page.getByText(secret).waitFor({ state: 'detached' });
    const row = page.locator('.list-item', { hasText: 'Print shop' });
    await row.waitFor();
    await page.reload();
    await row.getByText(/^Expires /).waitFor();
    expect(await row.getByText('No expiry').count()).toBe(0);
    expect(await row.getByText('Last used never').count()).toBe(0);
    await visit('tokens-listed');
  });

  it('revokes a token after a confirmation; the API refuses it at once', async () => {
    await page.getByLabel('Label').fill('Old script');
    await page.getByLabel('links:read').check();
    await page.getByRole('button', { name: 'Create token' }).click();
    const secret = (await page.getByLabel('The new token').textContent()) ?? '';
    await page.getByRole('button', { name: 'Done' }).click();
    const me = () => fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${secret}` } });
    expect((await me()).status).toBe(200);
    const row = page.locator('.list-item', { hasText: 'Old script' });
    await row.getByText('No expiry').waitFor();
    await row.getByRole('button', { name: 'Revoke Old script' }).click();
    await page.getByRole('dialog').getByText('stops working at once').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke the token' }).click();
    await row.getByText('Revoked').waitFor();
    expect((await me()).status).toBe(401);
    expect(await row.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
  });

  it('on a phone, hides the navigation behind a Menu button that works from the keyboard', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    try {
      await page.goto(`${base}/app/codes`);
      await page.getByRole('heading', { name: 'Codes', level: 1 }).waitFor();
      const menu = page.getByRole('button', { name: 'Menu' });
      const nav = page.getByRole('navigation', { name: 'Main' });
      await page.getByRole('button', { name: 'Menu', expanded: false }).waitFor();
      expect(await nav.isVisible()).toBe(false);
      // The brand and the button share one line: the header is no taller than one row of controls.
      expect((await page.locator('header.topbar').boundingBox())!.height).toBeLessThan(80);
      await menu.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Menu', expanded: true }).waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Codes');
      // Focus reached by the keyboard is visible: an outline around the focused link.
      const ring = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return `${style.outlineStyle} ${style.outlineWidth}`;
      });
      expect(ring).toBe('solid 3px');
      expect(await nav.getByRole('link', { name: 'Codes' }).getAttribute('aria-current')).toBe('page');
      audits['menu-open-360'] = await seriousViolations(page);
      await page.screenshot({ path: join(OUTPUT, 'screenshots', 'menu-open-360.png'), fullPage: true });
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Menu', expanded: false }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Menu');
      await menu.click();
      await nav.getByRole('link', { name: 'Team' }).click();
      await page.waitForURL('**/app/team');
      // The menu closes once the new page has rendered, not necessarily by the time the address changes.
      await page.getByRole('button', { name: 'Menu', expanded: false }).waitFor();
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await page.goto(`${base}/app/codes`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).waitFor();
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
  });

  it('refuses a state change that lacks the CSRF token, and /api/v1 does not accept the session', async () => {
    const refused = await page.evaluate(async () => {
      const response = await fetch('/app/api/v1/codes', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Forged', url: 'https://evil.example' }),
      });
      return { status: response.status, body: await response.json() };
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    const api = await page.evaluate(async () => (await fetch('/api/v1/codes', { credentials: 'include' })).status);
    expect(api).toBe(401);
  });

  it('opens the links, analytics and team pages, and shows an unknown address as not found', async () => {
    for (const [path, name] of [
      ['/app/links', 'links'],
      ['/app/analytics', 'analytics'],
      ['/app/team', 'team'],
      ['/app/nowhere', 'not-found'],
    ] as const) {
      await page.goto(`${base}${path}`);
      await page.locator('h1').waitFor();
      await visit(name);
    }
  });

  it('offers the signed-out pages: forgotten password and set-password', async () => {
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const previous = page;
    page = await fresh.newPage();
    try {
      await page.goto(`${base}/app/forgot-password`);
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await visit('forgot-password');
      await page.getByLabel('E-mail address').fill(OWNER);
      await page.getByRole('button', { name: 'Send the link' }).click();
      await page.getByText('a link to set a new password is on its way').waitFor();
      await page.goto(`${base}/app/set-password?token=${'A'.repeat(43)}`);
      await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
      await visit('set-password');
      await page.getByLabel('New password').fill(PASSWORD);
      await page.getByLabel('Repeat the password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Set password and sign in' }).click();
      await page.getByText('The link is invalid, already used or expired.').waitFor();
    } finally {
      await fresh.close();
      page = previous;
    }
  });

  it('measures the first load of /app in a fresh browser', async () => {
    const fresh = await browser.newContext();
    const cold = await fresh.newPage();
    await cold.goto(`${base}/app/`);
    await cold.getByRole('heading', { name: 'Sign in' }).waitFor();
    await cold.waitForLoadState('networkidle');
    const timing = await cold.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const entries = [nav, ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[])];
      const sum = (pick: (e: PerformanceResourceTiming) => number) => entries.reduce((n, e) => n + pick(e), 0);
      return {
        domContentLoaded: nav.domContentLoadedEventEnd,
        load: nav.loadEventEnd,
        ready: performance.now(),
        // Bytes on the wire (headers included) and the files' own sizes once decoded.
        transferBytes: sum((e) => e.transferSize),
        decodedBytes: sum((e) => e.decodedBodySize),
      };
    });
    await fresh.close();
    mkdirSync(OUTPUT, { recursive: true });
    writeFileSync(join(OUTPUT, 'first-load.json'), JSON.stringify(timing, null, 2));
    expect(timing.load).toBeGreaterThan(0);
    expect(timing.transferBytes).toBeGreaterThan(0);
  });

  it('passes the accessibility audit on every page: no serious or critical violation', () => {
    expect(Object.keys(audits).length).toBeGreaterThanOrEqual(14);
    expect(auditFindings(audits)).toEqual([]);
  });
});
