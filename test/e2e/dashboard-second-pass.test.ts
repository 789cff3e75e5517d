/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import type { ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditFindings, hasChromium, STORY_OPTIONS, STORY_TIMEOUT_MS, WAIT_MS } from '../support/chromium.js';
import { signedInDashboard, type SignedInDashboard } from '../support/dashboard-session.js';
import { zbarDecodeOne } from '../support/decoders.js';
import { IPHONE } from '../support/hits.js';

const EMAIL = 'owner@bakery.test';
const PASSWORD = 'a long and private passphrase';

/**
 * Every console error and uncaught exception of the page, as text; Chromium's line for each refused
 * request (a 400 or 404 the page answers with its message) is left out.
 */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource:')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * What a first trial of the dashboard tripped over, fixed, as a bakery's owner meets it in Chromium:
 * a New code page without console errors and with messages in the form's words, lists with thumbnails,
 * destinations, sorting and their view kept in the address, a missing code said so, templates drawn,
 * a design variant exported without saving, shortcuts, dark mode, and a private webhook target explained.
 */
describe.runIf(hasChromium)('the dashboard, second pass, in a browser', STORY_OPTIONS, () => {
  let d: SignedInDashboard;
  let errors: string[] = [];
  let menuId = '';

  beforeAll(async () => {
    d = await signedInDashboard(EMAIL, PASSWORD);
    errors = watchErrors(d.page);
  }, STORY_TIMEOUT_MS);
  afterAll(async () => {
    await d?.close('axe-second-pass.json');
  });

  it('opens New code without a console error, and says a taken or reserved ending in the words of the form', async () => {
    const { page } = d;
    expect(
      (await d.call('POST', '/app/api/v1/codes', { name: 'Menu', url: 'https://example.com/menu', shortCode: 'menu' })).status,
    ).toBe(201);
    await page.goto(`${d.base}/app/codes/new`);
    await page.getByLabel('Ending (optional)').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Second menu');
    await page.getByLabel('Destination', { exact: true }).fill('https://example.com/menu-2');
    await page.getByLabel('Ending (optional)').fill('menu');
    await page.getByRole('button', { name: 'Create code' }).click();
    const ending = page.getByLabel('Ending (optional)');
    await page.getByText('Ending "menu" is already taken.', { exact: true }).waitFor();
    // Beside the field: the message is the field's description, and the field is marked invalid.
    expect(await ending.getAttribute('aria-invalid')).toBe('true');
    expect(
      await ending.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!.split(' ').pop()!)?.textContent),
    ).toBe('Ending "menu" is already taken.');
    await d.visit('second-ending-taken');
    await page.getByLabel('Destination', { exact: true }).fill('ftp://example.com/menu');
    await ending.fill('');
    await page.getByRole('button', { name: 'Create code' }).click();
    await page.getByText('Destination must be an http or https address.', { exact: true }).waitFor();
    expect(await page.getByText(/\burl\b/).count()).toBe(0);
    // The API keeps its own wording for API clients.
    const api = await d.call<never>('POST', '/app/api/v1/codes', { name: 'x', url: 'https://example.com', shortCode: 'menu' });
    expect((api.body as unknown as { error: { message: string } }).error.message).toBe('shortCode "menu" is already taken.');
    expect(errors).toEqual([]);
  });

  it('lists codes with a thumbnail, the destination and "1 scan", sorted as chosen, the view kept in the address', async () => {
    const { page } = d;
    const made: Record<string, string> = {};
    for (const name of ['Bread board', 'Apron tag', 'Cake box']) {
      const res = await d.call<{ id: string }>('POST', '/app/api/v1/codes', {
        name,
        url: `https://example.com/${name.split(' ')[0]!.toLowerCase()}`,
      });
      made[name] = res.body.data.id;
    }
    menuId = (await d.call<{ id: string; shortCode: string }[]>('GET', '/app/api/v1/codes?name=Menu')).body.data[0]!.id;
    // One scan of the menu.
    await fetch(`${d.base}/menu`, {
      redirect: 'manual',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' },
    });
    await page.goto(`${d.base}/app/codes`);
    const rows = page.locator('ul.list > li');
    await rows.first().waitFor();
    const menuRow = rows.filter({ hasText: 'https://example.com/menu' }).first();
    await menuRow.getByText('Menu', { exact: true }).waitFor();
    await expect
      .poll(async () => (await page.reload(), await menuRow.getByText(/^1 scans?$/).textContent()), { timeout: WAIT_MS })
      .toBe('1 scan');
    // Thumbnails come from the image endpoint, loaded lazily, and draw.
    const thumb = menuRow.locator('img.list-thumb');
    expect(await thumb.getAttribute('loading')).toBe('lazy');
    expect(await thumb.getAttribute('src')).toBe(`/app/api/v1/codes/${menuId}/image?format=svg&size=96`);
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: WAIT_MS })
      .toBe(true);

    await page.getByLabel('Sort by').selectOption({ label: 'Name, A to Z' });
    await page.waitForURL(/[?&]sort=name\b/);
    await expect
      .poll(async () => (await page.locator('ul.list .list-title').allTextContents()).slice(0, 3), { timeout: WAIT_MS })
      .toEqual(['Apron tag', 'Bread board', 'Cake box']);
    await page.getByLabel('Sort by').selectOption({ label: 'Most scans' });
    await expect
      .poll(async () => (await page.locator('ul.list .list-title').allTextContents())[0], { timeout: WAIT_MS })
      .toBe('Menu');
    await page.getByLabel('Search by name').fill('b');
    await page.getByLabel('Status').selectOption('active');
    await page.waitForURL(/q=b/);
    expect(new URL(page.url()).searchParams.get('status')).toBe('active');
    await d.visit('second-codes-list');
    // A reload, or the address opened by someone else, shows the same view.
    const shared = page.url();
    await page.reload();
    expect(await page.getByLabel('Search by name').inputValue()).toBe('b');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('-scans');
    await expect
      .poll(async () => await page.locator('ul.list .list-title').allTextContents(), { timeout: WAIT_MS })
      .toEqual(['Cake box', 'Bread board']);
    const other = await d.browser.newPage();
    await other.context().addCookies(await page.context().cookies());
    await other.goto(shared);
    expect(await other.getByLabel('Search by name').inputValue()).toBe('b');
    await other.close();
    expect(made['Apron tag']).toBeTruthy();
  });

  it('says a code that does not exist does not, with a way back and no "Try again"', async () => {
    const { page } = d;
    await page.goto(`${d.base}/app/codes/00000000-0000-4000-8000-000000000000`);
    await page.getByText(/^This does not exist/).waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await d.visit('second-code-missing');
    await page.getByRole('link', { name: 'Back to all codes' }).click();
    await page.waitForURL(/\/app\/codes$/);
  });

  it('exports a design variant without saving it, with the preview in view while lower options change', async () => {
    const { page } = d;
    await page.goto(`${d.base}/app/codes/${menuId}/design`);
    await page.getByRole('heading', { name: 'Design: Menu' }).waitFor();
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByText('Scans well', { exact: true }).waitFor();
    await page.getByLabel('Module style').selectOption('dots');
    await page.getByLabel('Frame', { exact: true }).selectOption('banner-bottom');
    await page.getByLabel('Frame text').fill('Fresh bread');
    await preview.locator('text', { hasText: 'Fresh bread' }).waitFor();
    // Scrolled to the export panel below the options, the preview is still on screen (desktop).
    await page.getByRole('heading', { name: 'Export' }).scrollIntoViewIfNeeded();
    const box = await preview.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(60);
    await page.getByText(/a variant to try or hand over/).waitFor();
    await d.visit('second-designer-variant');
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download variant as PNG' }).click(),
    ]);
    expect(png.suggestedFilename()).toBe('menu-variant.png');
    expect(zbarDecodeOne(readFileSync((await png.path())!), 'variant.png')).toEqual([`${d.base}/menu`]);
    // The code keeps its saved design.
    expect(
      (await d.call<{ design: { moduleStyle: string } }>('GET', `/app/api/v1/codes/${menuId}`)).body.data.design.moduleStyle,
    ).toBe('square');
    // ... and the variant can be kept as a template from here.
    await page.getByLabel('New template name').fill('Bread banner');
    await page.getByRole('button', { name: 'Save as template' }).click();
    await page.getByText('Saved the template "Bread banner".').waitFor();
  });

  it('says a faint design may not scan on some phones, rather than that it does not decode', async () => {
    const { page } = d;
    await page.getByRole('button', { name: 'Undo changes' }).click();
    await page.getByLabel('Modules', { exact: true }).fill('#1a3d7c');
    await page.getByLabel('Background', { exact: true }).fill('#2a4d8c');
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByText(/may not scan on some phones/).waitFor();
    expect(await preview.getByText(/does not decode/).count()).toBe(0);
    await page.getByRole('button', { name: 'Undo changes' }).click();
  });

  it('draws each template as a small symbol', async () => {
    const { page } = d;
    await page.goto(`${d.base}/app/templates`);
    const thumb = page.getByRole('img', { name: 'Preview of the template Bread banner' });
    await thumb.locator('svg').waitFor();
    expect(await thumb.locator('text', { hasText: 'Fresh bread' }).count()).toBe(1);
    await d.visit('second-templates');
  });

  it('answers "/", "n" and "?" from the keyboard, but not while typing in a field', async () => {
    const { page } = d;
    await page.goto(`${d.base}/app/codes`);
    await page.getByLabel('Search by name').waitFor();
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    await help.getByText('New code').waitFor();
    await d.visit('second-shortcuts-help');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('codes-search');
    // Typed into the search, "n" is a letter, not a shortcut.
    await page.keyboard.type('n');
    expect(await page.getByLabel('Search by name').inputValue()).toBe('n');
    expect(new URL(page.url()).pathname).toBe('/app/codes');
    await page.locator('h1').click();
    await page.keyboard.press('n');
    await page.waitForURL(/\/app\/codes\/new$/);
  });

  it('refuses a private webhook target naming WEBHOOK_ALLOW_PRIVATE and the restart, beside the field', async () => {
    const { page } = d;
    await page.goto(`${d.base}/app/settings/webhooks`);
    await page
      .getByText(/WEBHOOK_ALLOW_PRIVATE=true and restarts qrelay/)
      .first()
      .waitFor();
    await page.getByLabel('Endpoint address').fill('http://127.0.0.1:9/hook');
    await page.getByRole('button', { name: 'Create webhook' }).click();
    const message = page.locator('.field-error', { hasText: /^Endpoint address is at a private/ });
    await message.waitFor();
    expect(await message.textContent()).toMatch(/WEBHOOK_ALLOW_PRIVATE=true and restarts qrelay/);
    await d.visit('second-webhook-private');
  });

  it('gives a landing page a readable address, and says a reserved one beside the field', async () => {
    const { page } = d;
    const landing = (await d.call<{ id: string }>('POST', '/app/api/v1/pages', { name: 'Spring menu' })).body.data;
    await page.goto(`${d.base}/app/pages/${landing.id}`);
    const slug = page.getByLabel('Readable address (optional)');
    await slug.fill('admin');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Readable address "admin" is reserved.', { exact: true }).waitFor();
    expect(await slug.getAttribute('aria-invalid')).toBe('true');
    await d.visit('second-content-slug-reserved');
    await slug.fill('spring-menu');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();
    expect((await fetch(`${d.base}/p/spring-menu`)).status).toBe(200);
    expect((await fetch(`${d.base}/p/${landing.id}`)).status).toBe(200);
  });

  it('names an exported CSV file safely: no spaces or accents', async () => {
    const { page } = d;
    const form = (await d.call<{ id: string }>('POST', '/app/api/v1/forms', { name: 'Été order form', fields: [] })).body.data;
    const sent = await fetch(`${d.base}/f/${form.id}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': IPHONE },
      body: '',
    });
    expect(sent.status).toBe(303);
    await page.goto(`${d.base}/app/forms/${form.id}/submissions`);
    await page.getByRole('button', { name: 'Export CSV' }).waitFor();
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(csv.suggestedFilename()).toBe('ete-order-form-submissions.csv');
  });

  it('follows the system in dark mode: dark page, light text, and axe-clean', async () => {
    const { page } = d;
    await page.emulateMedia({ colorScheme: 'dark' });
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    for (const [path, name] of [
      ['/app/codes', 'dark-codes'],
      ['/app/codes/new', 'dark-code-new'],
      [`/app/codes/${menuId}`, 'dark-code-detail'],
      [`/app/codes/${menuId}/design`, 'dark-designer'],
      ['/app/templates', 'dark-templates'],
      ['/app/settings/webhooks', 'dark-webhooks'],
      ['/app/forms', 'dark-forms'],
      ['/app/team', 'dark-team'],
      ['/app/links', 'dark-links'],
      ['/app/analytics', 'dark-analytics'],
      ['/app/campaigns', 'dark-campaigns'],
      ['/app/gs1', 'dark-gs1'],
      ['/app/media', 'dark-media'],
      ['/app/jobs', 'dark-jobs'],
      ['/app/settings', 'dark-settings'],
    ] as const) {
      await page.goto(`${d.base}${path}`);
      await page.locator('h1').first().waitFor();
      expect(await background(), path).toBe('rgb(15, 21, 28)');
      await d.visit(name);
    }
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await d.visit('dark-shortcuts-help');
    await page.keyboard.press('Escape');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await background()).toBe('rgb(244, 246, 248)');
  });

  it('logs no console error on any page it opened, and passes the accessibility audit in light and dark', () => {
    expect(errors).toEqual([]);
    expect(Object.keys(d.audits).length).toBeGreaterThanOrEqual(16);
    expect(auditFindings(d.audits)).toEqual([]);
  });
});
