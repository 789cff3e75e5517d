/// <reference lib="dom" />
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as chromium from '../support/chromium.js';
import { startContentServer, type ContentServer } from '../support/content-server.js';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

interface FirstLoad {
  bytes: number;
  ms: number;
}

/**
 * The public pages of hosted content as a visitor's phone sees them, in real headless Chromium
 * against the built server: a form filled in without JavaScript, a landing page, a business card.
 */
describe.runIf(chromium.hasChromium)('hosted content in a browser', chromium.STORY_OPTIONS, () => {
  let served: ContentServer;
  let base: string;
  let browser: Browser;
  let page: Page;
  let token: string;
  const audits: Record<string, chromium.AxeViolation[]> = {};
  const loads: Record<string, FirstLoad> = {};

  const create = async (path: string, body: object) => {
    const res = await fetch(`${base}/api/v1${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { id: string; url: string } }).data;
  };

  /** Opens the address in a fresh tab (no cache) and notes the document's size on the wire and its load time. */
  async function firstLoad(name: string, url: string): Promise<void> {
    // CSP bypassed only so axe can be injected (the page itself runs no script); a phone's agent, since
    // HeadlessChrome is automated traffic, whose submissions are never stored.
    page = await browser.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, bypassCSP: true, userAgent: PHONE });
    await page.goto(url, { waitUntil: 'load' });
    // The load event's end is noted once its handlers have run, a moment after Playwright hears of it.
    await page.waitForFunction(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd > 0,
    );
    loads[name] = await page.evaluate(() => {
      const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const bytes = [nav!, ...resources].reduce((n, e) => n + e.transferSize, 0);
      return { bytes, ms: Math.round(nav!.loadEventEnd - nav!.startTime) };
    });
    await chromium.auditAndShoot(page, audits, name, `content-${name}`);
  }

  beforeAll(async () => {
    served = await startContentServer('forms:read,forms:write,pages:write,cards:write');
    ({ base, token } = served);
    browser = await chromium.launch();
  }, chromium.STORY_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
    chromium.saveAudits('hosted-content-axe.json', audits);
    writeFileSync(join(chromium.OUTPUT, 'hosted-content-first-load.json'), JSON.stringify(loads, null, 2));
  });

  it('a diner fills in the feedback form: mistakes shown beside the fields, then thanked', async () => {
    const form = await create('/forms', {
      name: 'How was your meal?',
      colour: '#8a1c1c',
      fields: [
        { key: 'name', label: 'Your name', type: 'text', required: true },
        { key: 'email', label: 'E-mail', type: 'email', required: true },
        { key: 'dish', label: 'Dish', type: 'select', options: ['Soup', 'Pasta'] },
        { key: 'stars', label: 'Stars', type: 'rating' },
        { key: 'notes', label: 'Anything else?', type: 'textarea' },
        { key: 'agree', label: 'You may contact me', type: 'checkbox' },
      ],
    });
    await firstLoad('form', form.url);
    await page.getByLabel('Your name').fill('Ann');
    await page.getByLabel('E-mail').fill('not an address');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Please enter an e-mail address, like name@example.com.').first().waitFor();
    expect(await page.getByLabel('Your name').inputValue()).toBe('Ann');
    // The refused field is drawn in the error colour; the five stars sit in one row, each a 44 px target.
    expect(await page.getByLabel('E-mail').evaluate((el) => getComputedStyle(el).borderTopColor)).toBe('rgb(176, 0, 32)');
    const stars = await page.locator('fieldset label.choice').evaluateAll((labels) =>
      labels.map((label) => ({
        top: Math.round(label.getBoundingClientRect().top),
        height: label.getBoundingClientRect().height,
      })),
    );
    expect(stars).toHaveLength(5);
    expect(new Set(stars.map((s) => s.top)).size).toBe(1);
    for (const star of stars) expect(star.height).toBeGreaterThanOrEqual(44);
    await chromium.auditAndShoot(page, audits, 'form-refused', 'content-form-refused');
    await page.getByLabel('E-mail').fill('ann@example.com');
    await page.getByLabel('Dish').selectOption('Pasta');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('heading', { name: 'How was your meal?' }).waitFor();
    await page.getByText('Thank you: your answers have been sent.').waitFor();
    const listed = await fetch(`${base}/api/v1/submissions?formId=${form.id}`, { headers: { authorization: `Bearer ${token}` } });
    const answers = ((await listed.json()) as { data: { answers: Record<string, unknown> }[] }).data.map((s) => s.answers);
    expect(answers).toEqual([{ name: 'Ann', email: 'ann@example.com', dish: 'Pasta', stars: null, notes: null, agree: false }]);
    expect(audits.form).toEqual([]);
    expect(audits['form-refused']).toEqual([]);
  });

  it('a visitor reads a landing page and a business card on a phone', async () => {
    const landing = await create('/pages', {
      name: 'Café Rosa',
      colour: '#f5b400',
      blocks: [
        { type: 'heading', text: 'Café Rosa' },
        { type: 'text', text: 'Fresh bread every morning.\n\nCoffee roasted in town.' },
        { type: 'button', label: 'Book a table', url: 'https://example.com/book' },
        { type: 'links', links: [{ label: 'Menu', url: 'https://example.com/menu' }] },
        { type: 'hours', slots: [{ day: 'monday', opens: '08:00', closes: '18:00' }] },
        { type: 'social', links: [{ network: 'instagram', url: 'https://instagram.com/rosa' }] },
      ],
    });
    await firstLoad('page', landing.url);
    await page.getByRole('heading', { name: 'Café Rosa' }).waitFor();
    const card = await create('/cards', {
      name: 'Rosa Díaz',
      title: 'Owner',
      organisation: 'Café Rosa',
      phones: [{ label: 'work', value: '+34 600 000 000' }],
      emails: [{ value: 'rosa@example.com' }],
    });
    await firstLoad('card', card.url);
    await page.getByRole('link', { name: 'Save contact' }).waitFor();
    expect(audits.page).toEqual([]);
    expect(audits.card).toEqual([]);
    for (const load of Object.values(loads)) expect(load.bytes).toBeGreaterThan(0);
  });
});
