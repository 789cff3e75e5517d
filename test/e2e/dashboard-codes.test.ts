import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditFindings, hasChromium, STORY_OPTIONS, STORY_TIMEOUT_MS, WAIT_MS } from '../support/chromium.js';
import { signedInDashboard, type SignedInDashboard } from '../support/dashboard-session.js';
import { PDFDocument } from '@cantoo/pdf-lib';
import { pdfToPng, zbarDecodeOne } from '../support/decoders.js';
import { DESKTOP, IPHONE } from '../support/hits.js';

const EMAIL = 'marketing@acme.test';
const PASSWORD = 'a long and private passphrase';

/**
 * A marketer's codes in real headless Chromium: making one, designing and exporting it (the PNG
 * decoded by zbar, unrelated to the product's own decoder), repointing, routing, a password, placements,
 * clearing scans, and acting on several codes at once.
 */
describe.runIf(hasChromium)('codes and the designer in a browser', STORY_OPTIONS, () => {
  let d: SignedInDashboard;
  let codeId = '';
  let shortUrl = '';
  let exportedPng = '';
  const scratch = mkdtempSync(join(tmpdir(), 'qrelay-logo-'));
  const hit = (url: string, agent = IPHONE) => fetch(url, { redirect: 'manual', headers: { 'user-agent': agent } });

  beforeAll(async () => {
    d = await signedInDashboard(EMAIL, PASSWORD);
    expect((await d.call('POST', '/app/api/v1/folders', { name: 'Posters' })).status).toBe(201);
    await d.page.reload();
  }, STORY_TIMEOUT_MS);
  afterAll(async () => {
    await d?.close('axe-codes.json');
    rmSync(scratch, { recursive: true, force: true });
  });

  it('creates a dynamic code with a chosen ending, filed in a folder', async () => {
    const { page } = d;
    await page.getByRole('link', { name: 'Create your first code' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Spring poster');
    await page.getByLabel('Destination', { exact: true }).fill('https://example.com/spring');
    // The browser's own check runs: its pattern compiles under the v flag Chromium uses.
    const ending = page.getByLabel('Ending (optional)');
    await ending.fill('ab');
    expect(await ending.evaluate((el: HTMLInputElement) => el.validity.patternMismatch)).toBe(true);
    await ending.fill('spring');
    expect(await ending.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(true);
    await page.getByLabel('Folder (optional)').selectOption({ label: 'Posters' });
    await d.visit('code-new-options');
    await page.getByRole('button', { name: 'Create code' }).click();
    await page.waitForURL(/\/app\/codes\/[0-9a-f-]{36}$/);
    codeId = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: 'Spring poster' }).waitFor();
    shortUrl = (await page.locator('.address code').textContent()) ?? '';
    expect(shortUrl).toBe(`${d.base}/spring`);
    await page.getByRole('heading', { name: 'Routing rules' }).waitFor();
    await d.visit('code-detail-full');
    const stored = (await d.call('GET', `/app/api/v1/codes/${codeId}`)).body.data;
    expect(stored.folderId).not.toBeNull();
  });

  it('designs the code with a live preview, saves it, and exports a PNG that zbar decodes to the address, and an SVG', async () => {
    const { page } = d;
    await page.getByRole('link', { name: 'Design and export' }).click();
    await page.getByRole('heading', { name: 'Design: Spring poster' }).waitFor();
    const preview = page.getByRole('img', { name: /QR code for .*spring, as designed/ });
    const verdict = (text: string) => page.getByRole('region', { name: 'Preview' }).getByText(text, { exact: true });
    await verdict('Scans well').waitFor();
    await page.getByLabel('Module style').selectOption('dots');
    await page.getByLabel('Modules', { exact: true }).fill('#1a3d7c');
    await page.getByLabel('Frame', { exact: true }).selectOption('banner-bottom');
    await page.getByLabel('Frame text').fill('Spring sale');
    // The preview is drawn in the browser by the shared renderer, as the options change.
    await preview.locator('text', { hasText: 'Spring sale' }).waitFor();
    await preview.locator('path[fill="#1A3D7C"]').first().waitFor();
    await page.getByLabel('Fade the modules into a second colour').check();
    await page.getByLabel('Fade to').fill('#7b2cbf');
    await page.getByLabel('Direction').selectOption('radial');
    await page.getByLabel(/^Rounded background corners/).fill('3');
    await preview.locator('radialGradient stop[stop-color="#7B2CBF"]').waitFor({ state: 'attached' });
    await preview.locator('g[clip-path]').waitFor();
    await page.getByRole('button', { name: 'Save design' }).click();
    await page.getByText('Design saved. Exports now use it.').waitFor();
    await verdict('Scans well').waitFor();
    await d.visit('designer');

    await page.getByLabel('Width (pixels)').fill('600');
    const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PNG' }).click()]);
    expect(png.suggestedFilename()).toBe('spring-poster.png');
    exportedPng = (await png.path())!;
    expect(zbarDecodeOne(readFileSync(exportedPng), 'export.png')).toEqual([shortUrl]);

    await page.getByLabel('SVG').check();
    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download SVG' }).click()]);
    expect(svg.suggestedFilename()).toBe('spring-poster.svg');
    const drawing = readFileSync((await svg.path())!, 'utf8');
    expect(drawing).toMatch(/^<svg [^>]*width="1024"/);
    expect(drawing).toContain('Spring sale');
    expect(drawing).toContain('#1A3D7C');
    expect(drawing).toMatch(
      /<radialGradient [^>]*><stop offset="0" stop-color="#1A3D7C"\/><stop offset="1" stop-color="#7B2CBF"\/>/,
    );
    expect(drawing).toContain('clip-path="url(#qr-clip-');

    // A PDF page of the chosen printed width, whose symbol scans once printed (rasterised by poppler).
    await page.getByLabel('PDF').check();
    await page.getByLabel('Printed width (mm)').fill('60');
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(pdf.suggestedFilename()).toBe('spring-poster.pdf');
    const printed = readFileSync((await pdf.path())!);
    const sheet = (await PDFDocument.load(printed)).getPage(0);
    expect(sheet.getWidth()).toBeCloseTo((60 / 25.4) * 72, 1);
    expect(zbarDecodeOne(readFileSync(pdfToPng(printed)), 'export-pdf.png')).toEqual([shortUrl]);
  });

  it('uploads a logo to the media library and places it in the preview', async () => {
    const { page } = d;
    const logo = join(scratch, 'logo.png');
    writeFileSync(logo, readFileSync(exportedPng));
    await page.getByLabel('Upload a logo').setInputFiles(logo);
    await page.getByRole('region', { name: 'Preview' }).locator('image[href*="/media/"]').waitFor();
    expect(await page.getByLabel('Logo address').inputValue()).toMatch(new RegExp(`^${d.base}/media/[0-9a-f]{64}\\.png$`));
    expect(await page.getByLabel('Error correction').inputValue()).toBe('Q');
    await page.getByRole('button', { name: /^Use / }).first().waitFor();
    await d.visit('designer-logo');
    await page.getByRole('button', { name: 'Undo changes' }).click();
    await page.getByRole('region', { name: 'Preview' }).locator('image').waitFor({ state: 'detached' });
  });

  it('explains a design that fails the check, and saves or exports it only once told to', async () => {
    const { page } = d;
    await page.getByLabel('Background', { exact: true }).fill('#2a4d8c');
    const verdict = (text: string) => page.getByRole('region', { name: 'Preview' }).getByText(text, { exact: true });
    await verdict('Does not scan reliably').waitFor();
    await page
      .getByRole('region', { name: 'Preview' })
      .getByText(/contrast between the modules and the background/i)
      .waitFor();
    await page.getByRole('button', { name: 'Save design', disabled: true }).waitFor();
    await d.visit('designer-fail');
    await page.getByRole('button', { name: 'Undo changes' }).click();
    await verdict('Scans well').waitFor();
    // Too small a print: a warning naming the module size, before anything is exported.
    await page.getByLabel('PDF').check();
    await page.getByLabel('Printed width (mm)').fill('10');
    await page.getByText(/A module is 0\.\d+ mm/).waitFor();
  });

  it('saves the design as a template, and applies it to a new code', async () => {
    const { page } = d;
    await page.getByLabel('New template name').fill('Spring look');
    await page.getByRole('button', { name: 'Save as template' }).click();
    await page.getByText('Saved the template "Spring look".').waitFor();
    await page.goto(`${d.base}/app/codes/new`);
    await page.getByLabel('Name', { exact: true }).fill('Summer poster');
    await page.getByLabel('Destination', { exact: true }).fill('https://example.com/summer');
    await page.getByLabel('Design (optional)').selectOption({ label: 'Spring look' });
    await page.getByRole('button', { name: 'Create code' }).click();
    await page.getByRole('heading', { name: 'Summer poster' }).waitFor();
    const summer = page.url().split('/').pop()!;
    expect((await d.call('GET', `/app/api/v1/codes/${summer}`)).body.data.design).toMatchObject({
      moduleStyle: 'dots',
      foreground: '#1A3D7C',
      frame: { style: 'banner-bottom', text: 'Spring sale' },
    });
    // In the designer, applying a template replaces the options being edited.
    await page.goto(`${d.base}/app/codes/${summer}/design`);
    await page.getByRole('heading', { name: 'Design: Summer poster' }).waitFor();
    await page.getByLabel('Module style').selectOption('square');
    await page.getByLabel('Saved template').selectOption({ label: 'Spring look' });
    await page.getByRole('button', { name: 'Apply template' }).click();
    await expect.poll(() => page.getByLabel('Module style').inputValue(), { timeout: WAIT_MS }).toBe('dots');
  });

  it('repoints the code: the next visit lands on the new destination', async () => {
    const { page } = d;
    await page.goto(`${d.base}/app/codes/${codeId}`);
    expect((await hit(shortUrl)).headers.get('location')).toBe('https://example.com/spring');
    await page.getByLabel('Destination', { exact: true }).fill('https://example.com/autumn');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved. The next scan follows the new destination.').waitFor();
    expect((await hit(shortUrl)).headers.get('location')).toBe('https://example.com/autumn');
  });

  it('routes phones elsewhere with a rule', async () => {
    const { page } = d;
    await page.getByRole('button', { name: 'Add a rule' }).click();
    await page.getByRole('group', { name: 'Rule 1: device' }).getByLabel('Phone').check();
    await page.getByLabel('Rule 1: send to').fill('https://example.com/app-store');
    await page.getByRole('button', { name: 'Save rules' }).click();
    await page.getByText('Rules saved. The next scan follows them.').waitFor();
    expect((await hit(shortUrl, IPHONE)).headers.get('location')).toBe('https://example.com/app-store');
    expect((await hit(shortUrl, DESKTOP)).headers.get('location')).toBe('https://example.com/autumn');
  });

  it('asks for a password when one is set, and forwards at once when it is removed', async () => {
    const { page } = d;
    await page.getByLabel('Password', { exact: true }).fill('open sesame');
    await page.getByRole('button', { name: 'Protect with this password' }).click();
    await page.getByText('Password saved. The next scan asks for it.').waitFor();
    const gated = await hit(shortUrl, DESKTOP);
    expect(gated.status).toBe(200);
    expect(await gated.text()).toContain('password');
    await page.getByRole('button', { name: 'Remove the password' }).click();
    await page.getByText('Password removed. Every scan is forwarded at once.').waitFor();
    expect((await hit(shortUrl, DESKTOP)).status).toBe(302);
  });

  it('gives a placement its own address, whose scans are counted apart', async () => {
    const { page } = d;
    await page.getByLabel('Placement name').fill('shop-window');
    await page.getByRole('button', { name: 'Make its address' }).click();
    const address = `${shortUrl}?p=shop-window`;
    await page.locator('.placements code', { hasText: address }).waitFor();
    expect((await hit(address, DESKTOP)).status).toBe(302);
    await expect
      .poll(async () => (await d.call('GET', `/app/api/v1/analytics/codes/${codeId}?days=1`)).body.data.placements, {
        timeout: WAIT_MS,
      })
      .toContainEqual({ value: 'shop-window', scans: 1 });
    await page.reload();
    await page.getByText('1 scan this year').waitFor();
    // The code's page leads to its figures, where the placement is counted apart.
    await page.getByRole('link', { name: 'By day, country and device' }).click();
    await page.getByRole('table', { name: 'Placements' }).getByRole('rowheader', { name: 'shop-window' }).waitFor();
    await page.goBack();
    await page.getByText('1 scan this year').waitFor();
  });

  it('clears the scans only after a confirmation that says what is destroyed and that it cannot be undone', async () => {
    const { page } = d;
    const before = (await d.call('GET', `/app/api/v1/codes/${codeId}`)).body.data.scans;
    expect(before).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Clear scans…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clear all scans of "Spring poster"?' });
    await dialog.getByText('This cannot be undone.').waitFor();
    expect(await dialog.textContent()).toContain('destroys every recorded scan');
    await d.visit('clear-scans-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await d.call('GET', `/app/api/v1/codes/${codeId}`)).body.data.scans).toBe(before);
    await page.getByRole('button', { name: 'Clear scans…' }).click();
    await dialog.getByRole('button', { name: 'Destroy the scan history' }).click();
    await page.getByText(/Scan history cleared: \d+ recorded scans? destroyed\./).waitFor();
    expect((await d.call('GET', `/app/api/v1/codes/${codeId}`)).body.data.scans).toBe(0);
  });

  it('clones the code and opens the copy', async () => {
    const { page } = d;
    await page.getByRole('button', { name: 'Clone' }).click();
    await page.getByRole('heading', { name: 'Spring poster (copy)' }).waitFor();
    await page.waitForURL((url) => /\/app\/codes\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.includes(codeId));
  });

  it('filters by folder, and moves and archives several codes at once', async () => {
    const { page } = d;
    await page.goto(`${d.base}/app/codes`);
    await page.getByRole('link', { name: 'Summer poster' }).waitFor();
    await page.getByLabel('Folder', { exact: true }).selectOption({ label: 'Posters' });
    await page.getByRole('link', { name: 'Summer poster' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Spring poster', exact: true }).waitFor();
    await page.getByLabel('Folder', { exact: true }).selectOption('');
    await page.getByLabel('Select Summer poster').check();
    await page.getByLabel('Select Spring poster (copy)').check();
    await page.getByText('2 codes selected').waitFor();
    await d.visit('codes-selected');
    await page.getByLabel('Move to').selectOption({ label: 'Posters' });
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByText('Done for 2 codes.').waitFor();
    await page.getByLabel('Folder', { exact: true }).selectOption({ label: 'Posters' });
    await page.getByRole('link', { name: 'Summer poster' }).waitFor();
    await page.getByLabel('Select all on this page').check();
    await page.getByText('3 codes selected').waitFor();
    await page.getByRole('button', { name: 'Archive selected…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Archive 3 codes' }).click();
    await page.getByText('Done for 3 codes.').waitFor();
    const listed = (await d.call<Array<{ name: string }>>('GET', '/app/api/v1/codes?status=archived')).body.data;
    expect(listed.map((c) => c.name).sort()).toEqual(['Spring poster', 'Spring poster (copy)', 'Summer poster']);
    expect((await hit(shortUrl)).status).toBe(410);
  });

  it('makes a static code, renames it, and pages through the codes twenty at a time', async () => {
    const { page } = d;
    await page.goto(`${d.base}/app/codes/new`);
    await page.getByLabel('Name', { exact: true }).fill('Wifi card');
    await page.getByLabel('Destination', { exact: true }).fill('https://example.com/wifi');
    await page.getByLabel(/^Static/).check();
    // A static code encodes its destination: it has no ending of its own to choose.
    await page.getByLabel('Ending (optional)').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Create code' }).click();
    await page.getByRole('heading', { name: 'Wifi card' }).waitFor();
    await page.getByRole('heading', { name: 'Encoded value' }).waitFor();
    expect(await page.locator('.address code').textContent()).toBe('https://example.com/wifi');
    await d.visit('code-static');
    await page.getByLabel('Name', { exact: true }).fill('Guest wifi card');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Guest wifi card' }).waitFor();
    await page.getByText('Saved.', { exact: true }).waitFor();

    // 4 codes so far and 18 more: a first page of 20, and a second of 2.
    for (let i = 1; i <= 18; i++) {
      expect((await d.call('POST', '/app/api/v1/codes', { name: `Flyer ${i}`, url: `https://example.com/f${i}` })).status).toBe(
        201,
      );
    }
    await page.goto(`${d.base}/app/codes`);
    const rows = page.locator('ul.list > li');
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await pages.getByText('1–20').waitFor();
    expect(await rows.count()).toBe(20);
    await pages.getByRole('button', { name: 'Next' }).click();
    await pages.getByText('21–22').waitFor();
    expect(await rows.count()).toBe(2);
    await pages.getByRole('button', { name: 'Next', disabled: true }).waitFor();
    await pages.getByRole('button', { name: 'Previous' }).click();
    await pages.getByText('1–20').waitFor();
  });

  it('passes the accessibility audit on every page it visited: no serious or critical violation', () => {
    expect(Object.keys(d.audits)).toHaveLength(8);
    expect(auditFindings(d.audits)).toEqual([]);
  });
});
