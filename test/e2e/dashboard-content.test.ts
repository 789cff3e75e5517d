/// <reference lib="dom" />
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as chromium from '../support/chromium.js';
import { firstRunDashboard, type FirstRunDashboard } from '../support/dashboard-first-run.js';
import { lastMailTo } from '../support/dashboard-server.js';

const PASSWORD = 'a long and private passphrase';
/** A phone's agent: HeadlessChrome is automated traffic, whose submissions are never stored. */
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

interface FirstLoad {
  bytes: number;
  loadMs: number;
  readyMs: number;
}

/**
 * Hosted content made in the dashboard, in real headless Chromium with the dashboard's CSP in force:
 * a person builds a form, publishes it, a visitor fills it in without JavaScript, the person reads it
 * in the inbox and exports the CSV; a page and a card are edited beside their live preview.
 */
describe.runIf(chromium.hasChromium)('hosted content in the dashboard', chromium.STORY_OPTIONS, () => {
  let d: FirstRunDashboard;
  let base: string;
  let page: FirstRunDashboard['page'];
  const loads: Record<string, FirstLoad> = {};
  let formUrl = '';
  let formPath = '';

  const preview = (kind: string) => page.frameLocator(`iframe[name="preview-${kind}"]`);

  /** Opens `path` in a fresh context holding the session (nothing cached) and notes bytes and times. */
  async function firstLoad(name: string, path: string, heading: string): Promise<void> {
    const fresh = await d.browser.newContext({ storageState: await d.context.storageState() });
    const cold = await fresh.newPage();
    await cold.goto(`${base}${path}`, { waitUntil: 'load' });
    await cold.getByRole('heading', { name: heading, level: 1 }).waitFor();
    await cold.waitForLoadState('networkidle');
    loads[name] = await cold.evaluate(() => {
      const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const bytes = [nav!, ...resources].reduce((n, e) => n + e.transferSize, 0);
      return { bytes, loadMs: Math.round(nav!.loadEventEnd - nav!.startTime), readyMs: Math.round(performance.now()) };
    });
    await fresh.close();
  }

  beforeAll(async () => {
    d = await firstRunDashboard({
      account: { name: 'Café Rosa', email: 'rosa@cafe.test', password: PASSWORD },
      shots: 'content-dash-',
      auditFile: 'axe-content-dashboard.json',
    });
    ({ base, page } = d);
  }, chromium.STORY_TIMEOUT_MS);

  afterAll(async () => {
    await d?.close();
    mkdirSync(chromium.OUTPUT, { recursive: true });
    writeFileSync(join(chromium.OUTPUT, 'content-dashboard-first-load.json'), JSON.stringify(loads, null, 2));
  });

  it('a café owner builds a feedback form with its preview and publishes it', async () => {
    await page.goto(`${base}/app/forms`);
    await page.getByText('No forms yet').waitFor();
    await d.visit('forms-empty');
    await page.getByLabel('Name').fill('How was your meal?');
    await page.getByRole('button', { name: 'Create the form' }).click();
    await page.getByRole('heading', { name: 'How was your meal?', level: 1 }).waitFor();
    formPath = new URL(page.url()).pathname;
    await preview('forms').getByLabel('Your name (required)').waitFor();

    await page.getByRole('button', { name: 'Add a field' }).click();
    await page.getByLabel('Label of field 2').fill('E-mail');
    await page.getByLabel('Type of field 2').selectOption('email');
    await page.getByRole('checkbox', { name: 'Required' }).nth(1).check();
    await page.getByRole('button', { name: 'Add a field' }).click();
    await page.getByLabel('Label of field 3').fill('Dish');
    await page.getByLabel('Type of field 3').selectOption('select');
    await page.getByLabel('Choices of field 3').fill('Soup\nPasta');
    await page.getByRole('button', { name: 'Move up field 3' }).click();
    await page.getByRole('button', { name: 'Add a field' }).click();
    await page.getByLabel('Label of field 4').fill('Scratch');
    await page.getByRole('button', { name: 'Remove field 4' }).click();
    await page.getByLabel('Label of field 4').waitFor({ state: 'detached' });
    expect(await page.getByLabel('Key of field 2').inputValue()).toBe('dish');
    await page.getByLabel('Thank-you message').fill('Grazie! See you soon.');
    await page.getByLabel('Delete replies after (days)').fill('90');
    await page.getByRole('checkbox', { name: /rosa@cafe\.test/ }).check();
    // The preview follows the draft (posted a moment after each change): the choice field, moved above the e-mail.
    await expect
      .poll(
        async () => (await preview('forms').locator('label, legend').allTextContents()).filter((l) => /Dish|E-mail/.test(l)),
        {
          timeout: chromium.WAIT_MS,
        },
      )
      .toEqual(['Dish', 'E-mail (required)']);
    // The spam check: the preview (sandboxed, so its script never runs) gains the widget's place.
    const challenge = page.getByRole('checkbox', { name: "Ask visitors' browsers to solve a spam check" });
    await challenge.check();
    await preview('forms').locator('altcha-widget').waitFor({ state: 'attached' });
    await d.visit('form-editor');
    await challenge.uncheck();
    await preview('forms').locator('altcha-widget').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('button', { name: 'Unpublish' }).waitFor();
    formUrl = (await page.locator('.content-actions a').first().getAttribute('href')) ?? '';
    expect(formUrl).toMatch(/\/f\/[0-9a-f-]{36}$/);
    await d.visit('form-published');
    expect(d.csp).toEqual([]);
  });

  it('a diner fills the form in without JavaScript, and the owner reads, exports and deletes the reply', async () => {
    const phone = await d.browser.newContext({
      javaScriptEnabled: false,
      userAgent: PHONE,
      viewport: { width: 360, height: 740 },
    });
    const visitor = await phone.newPage();
    await visitor.goto(formUrl);
    await visitor.getByLabel('Your name (required)').fill('Ann');
    await visitor.getByLabel('E-mail (required)').fill('=HYPERLINK("http://evil.test")');
    await visitor.getByRole('button', { name: 'Send' }).click();
    await visitor.getByText('Please enter an e-mail address, like name@example.com.').first().waitFor();
    await visitor.getByLabel('E-mail (required)').fill('ann@example.com');
    await visitor.getByLabel('Dish').selectOption('Pasta');
    await visitor.getByLabel('Your name (required)').fill('=1+2');
    await visitor.getByRole('button', { name: 'Send' }).click();
    await visitor.getByText('Grazie! See you soon.').waitFor();
    await phone.close();
    // The owner is told by mail, queued with the submission: a link to the inbox, never the answers.
    const mail = lastMailTo(d.served, 'rosa@cafe.test');
    expect(mail).toContain(`${formPath}/submissions`);
    expect(mail).not.toContain('ann@example.com');

    await page.getByRole('link', { name: 'Submissions' }).click();
    await page.getByRole('heading', { name: 'Submissions: How was your meal?' }).waitFor();
    await page.getByText('ann@example.com').waitFor();
    await d.visit('inbox');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    const [header, row] = csv.trim().split('\r\n');
    expect(header).toBe('Submitted at,Id,Your name,Dish,E-mail');
    // A formula typed by a visitor is never run by a spreadsheet.
    expect(row).toMatch(/,'=1\+2,Pasta,ann@example\.com$/);

    await page.getByRole('button', { name: /^Delete the submission of/ }).click();
    await page.getByRole('dialog').getByText('deleted for good').waitFor();
    await d.visit('inbox-delete-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete the submission' }).click();
    await page.getByText('No submissions yet').waitFor();

    await page.getByRole('link', { name: 'Back to the form' }).click();
    await page.waitForURL(`${base}${formPath}`);
    // One view (a refused form shown again is not another), one submission: deleting the reply keeps the event.
    // The events commit in the background, and the figures show what the cache held until read afresh: each
    // look opens the page anew.
    const figures = page.locator('.totals');
    await expect
      .poll(
        async () => {
          await page.reload();
          await figures.getByText('Views').waitFor();
          return figures.locator('.total').allInnerTexts();
        },
        { timeout: chromium.WAIT_MS, interval: 500 },
      )
      .toEqual([
        expect.stringMatching(/^Views\s+1$/),
        expect.stringMatching(/^Unique visitors\s+1$/),
        expect.stringMatching(/^Submissions\s+1$/),
        expect.stringMatching(/^Conversion\s+100\.0%$/),
      ]);
    expect(d.csp).toEqual([]);
  });

  it('a landing page is built from blocks beside its preview', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pages' }).click();
    await page.getByText('No pages yet').waitFor();
    await d.visit('pages-empty');
    await page.getByLabel('Name').fill('Lunch menu');
    await page.getByRole('button', { name: 'Create the page' }).click();
    await page.getByRole('heading', { name: 'Lunch menu', level: 1 }).waitFor();
    await page.getByLabel('Type of the new block').selectOption('heading');
    await page.getByRole('button', { name: 'Add the block' }).click();
    await page.getByLabel('Heading text (block 1)').fill('Today at Rosa');
    await page.getByLabel('Type of the new block').selectOption('text');
    await page.getByRole('button', { name: 'Add the block' }).click();
    await page.getByLabel('Text (block 2)').fill('Soup of the day: tomato.');
    await page.getByLabel('Type of the new block').selectOption('links');
    await page.getByRole('button', { name: 'Add the block' }).click();
    await page.getByLabel('Links (block 3)').fill('Book a table | https://example.com/book');
    await page.getByLabel('Type of the new block').selectOption('hours');
    await page.getByRole('button', { name: 'Add the block' }).click();
    await page.getByLabel('Opens monday (block 4)').fill('12:00');
    await page.getByLabel('Closes monday (block 4)').fill('15:00');
    await preview('pages').getByRole('link', { name: 'Book a table' }).waitFor();
    await preview('pages').getByText('Soup of the day: tomato.').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    await d.visit('page-editor');
    // A draft the rules refuse says why in the preview, and is not saved.
    await page.getByLabel('Closes monday (block 4)').fill('');
    await preview('pages').getByText('Nothing to preview yet').waitFor();
    await page.getByRole('button', { name: 'Undo changes' }).click();
    await preview('pages').getByText('Soup of the day: tomato.').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pages' }).click();
    await page.getByRole('link', { name: 'Lunch menu' }).waitFor();
    await d.visit('pages');
    expect(d.csp).toEqual([]);
  });

  it('a business card is edited with its preview, and a QR code is made for it', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cards' }).click();
    await page.getByText('No cards yet').waitFor();
    await d.visit('cards-empty');
    await page.getByLabel('Name').fill('Rosa Rossi');
    await page.getByRole('button', { name: 'Create the card' }).click();
    await page.getByRole('heading', { name: 'Rosa Rossi', level: 1 }).waitFor();
    await page.getByLabel('Job title').fill('Owner and chef');
    await page.getByLabel('Phones').fill('mobile | +44 20 7946 0000');
    await page.getByLabel('E-mails').fill('rosa@cafe.test');
    await preview('cards').getByText('Owner and chef').waitFor();
    await preview('cards').getByText('+44 20 7946 0000').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('button', { name: 'Unpublish' }).waitFor();
    await d.visit('card-editor');
    // On a phone the preview follows the inputs, and still shows the card.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.locator('.preview-frame').scrollIntoViewIfNeeded();
    await preview('cards').getByText('Owner and chef').waitFor();
    await page.screenshot({ path: join(chromium.OUTPUT, 'screenshots', 'content-dash-card-preview-phone-360.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    const cardPath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Make a QR code' }).click();
    await page.waitForURL(/\/app\/codes\/[0-9a-f-]{36}\/design$/);
    const codeId = /codes\/([0-9a-f-]{36})/.exec(page.url())![1];
    const code = await d.call<{ destination: string }>('GET', `/app/api/v1/codes/${codeId}`);
    expect(code.destination).toMatch(/\/c\/[0-9a-f-]{36}$/);
    expect(cardPath.split('/').pop()).toBe(code.destination.split('/').pop());
    expect(d.csp).toEqual([]);
  });

  it('measures the first load of the new dashboard pages in a fresh browser', async () => {
    await firstLoad('forms', '/app/forms', 'Forms');
    await firstLoad('form-editor', formPath, 'How was your meal?');
    await firstLoad('inbox', `${formPath}/submissions`, 'Submissions: How was your meal?');
    for (const load of Object.values(loads)) expect(load.bytes).toBeGreaterThan(0);
    expect(chromium.auditFindings(d.audits)).toEqual([]);
  });
});
