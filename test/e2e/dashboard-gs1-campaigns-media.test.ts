/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as chromium from '../support/chromium.js';
import { firstRunDashboard, type FirstRunDashboard } from '../support/dashboard-first-run.js';
import { pdfText, zbarDecodeOne } from '../support/decoders.js';
import { logoPng } from '../support/media.js';

const PASSWORD = 'a long and private passphrase';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const GTIN = '09506000134352';

/**
 * The GS1, campaigns and media pages in real headless Chromium, with the Content-Security-Policy in
 * force: a person registers a GTIN with two links and sees the resolver answer it, builds a campaign
 * of a code and a form and sees its figures, and uploads a logo into the media library. Each page state
 * is audited (axe) and photographed at a phone's and a desktop's width.
 */
describe.runIf(chromium.hasChromium)('the GS1, campaigns and media pages in a browser', chromium.STORY_OPTIONS, () => {
  let d: FirstRunDashboard;
  let base: string;
  let page: FirstRunDashboard['page'];
  /** The pages the links lead to: each answers with its own path, so a test sees where it landed. */
  let landing: FirstRunDashboard['landing'];

  beforeAll(async () => {
    d = await firstRunDashboard({
      account: { name: 'Acme', email: 'owner@acme.test', password: PASSWORD },
      shots: 'gcm-',
      auditFile: 'axe-gs1-campaigns-media.json',
    });
    ({ base, page, landing } = d);
  }, chromium.STORY_TIMEOUT_MS);

  afterAll(() => d?.close());

  it('registers a GTIN with two links, shows its Digital Link symbol, and the resolver answers it', async () => {
    await page.goto(`${base}/app/codes`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'GS1' }).click();
    await page.getByText('No GS1 keys yet').waitFor();
    await d.visit('gs1-empty');

    // A wrong check digit is refused beside the key, and what was typed stays.
    await page.getByLabel('GS1 key').fill('01/09506000134353');
    await page.getByLabel('Address').fill(`${landing.url}/product`);
    await page.getByLabel('Language (optional)').fill('en');
    await page.getByRole('button', { name: 'Register key' }).click();
    await page.locator('.field-error', { hasText: 'check digit' }).waitFor();
    expect(await page.getByLabel('Address').inputValue()).toBe(`${landing.url}/product`);
    await d.visit('gs1-refused');

    await page.getByLabel('GS1 key').fill(`01/${GTIN}`);
    await page.getByRole('button', { name: 'Add a link' }).click();
    const second = page.getByRole('group', { name: 'Link 2' });
    await second.getByLabel('Link type').selectOption('gs1:certificationInfo');
    await second.getByLabel('Address').fill(`${landing.url}/certificate`);
    await second.getByLabel('Media type (optional)').selectOption('application/pdf');
    await page.getByRole('button', { name: 'Register key' }).click();
    await page.getByRole('heading', { name: `GS1 key 01/${GTIN}` }).waitFor();
    const uri = `${base}/01/${GTIN}`;
    await page.getByRole('link', { name: uri }).waitFor();
    await page
      .getByRole('img', { name: `QR symbol of ${uri}` })
      .locator('svg')
      .waitFor();
    await page.getByRole('list', { name: 'What the key resolves to' }).getByText('Certification information').waitFor();
    await d.visit('gs1-key');

    // The PNG export is the same symbol, and it decodes to the Digital Link URI.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export PNG' }).click();
    expect(zbarDecodeOne(readFileSync(await (await download).path()))).toEqual([uri]);

    // A shopper's phone follows the symbol to the default link; a link type asked for is answered.
    const phone = await d.browser.newContext({ userAgent: IPHONE, viewport: { width: 390, height: 844 }, isMobile: true });
    const shopper = await phone.newPage();
    await shopper.goto(uri);
    await shopper.getByText('Landed on /product').waitFor();
    await shopper.goto(`${uri}?linkType=gs1:certificationInfo`);
    await shopper.getByText('Landed on /certificate').waitFor();
    await phone.close();
    const answer = await fetch(uri, { redirect: 'manual', headers: { 'user-agent': IPHONE } });
    expect(answer.status).toBe(307);
    expect(answer.headers.get('location')).toBe(`${landing.url}/product`);

    // Editing: the second link becomes the default.
    await page.getByRole('button', { name: 'Edit links' }).click();
    await page.getByRole('group', { name: 'Link 2' }).getByLabel('Default link').check();
    await page.getByRole('button', { name: 'Save links' }).click();
    await page.getByRole('button', { name: 'Edit links' }).waitFor();
    const changed = await fetch(uri, { redirect: 'manual', headers: { 'user-agent': IPHONE } });
    expect(changed.headers.get('location')).toBe(`${landing.url}/certificate`);
    await page.getByRole('link', { name: 'All keys' }).click();
    await page.getByRole('link', { name: `01/${GTIN}` }).waitFor();
    await d.visit('gs1-list');
  });

  it('builds a campaign of a code and a form, tags them, and sees its figures add up', async () => {
    const code = await d.call<{ id: string; url: string }>('POST', '/app/api/v1/codes', {
      name: 'Fair flyer',
      url: `${landing.url}/flyer`,
    });
    const form = await d.call<{ id: string; url: string }>('POST', '/app/api/v1/forms', {
      name: 'Fair sign-up',
      fields: [{ key: 'email', label: 'E-mail', type: 'email', required: true }],
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
    await page.getByText('No campaigns yet').waitFor();
    await d.visit('campaigns-empty');

    await page.getByLabel('Name', { exact: true }).fill('Spring fair');
    await page.getByLabel('First day (optional)').fill('2026-05-01');
    await page.getByLabel('Last day (optional)').fill('2026-04-01');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.locator('.field-error', { hasText: 'Last day must not be before "First day"' }).waitFor();
    await page.getByLabel('Last day (optional)').fill('2026-05-31');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { name: 'Spring fair', level: 1 }).waitFor();
    await page.getByText('No members yet').waitFor();
    await page.getByRole('table', { name: 'Members, busiest first' }).getByText('The campaign has no members.').waitFor();
    await d.visit('campaign-empty');

    await page.getByLabel('Code to add').selectOption({ label: 'Fair flyer' });
    await page.getByRole('button', { name: 'Add to campaign' }).click();
    await page.getByLabel('Tags of Fair flyer').waitFor();
    await page.getByLabel('Kind').selectOption('form');
    await page.getByLabel('Form to add').selectOption({ label: 'Fair sign-up' });
    await page.getByRole('button', { name: 'Add to campaign' }).click();
    await page.getByLabel('Tags of Fair sign-up').fill('Fair, print');
    await page.getByRole('button', { name: 'Save tags of Fair sign-up' }).click();
    await page.getByLabel('Tags of Fair flyer').fill('fair');
    await page.getByRole('button', { name: 'Save tags of Fair flyer' }).click();
    // Each member's tags are saved on their own; the account's tags in use add them up.
    await expect
      .poll(() => d.call('GET', '/app/api/v1/tags'), { timeout: chromium.WAIT_MS })
      .toEqual([
        { tag: 'Fair', count: 2 },
        { tag: 'print', count: 1 },
      ]);

    // A phone scans the code, and a visitor opens the form.
    const phone = await d.browser.newContext({ userAgent: IPHONE, viewport: { width: 390, height: 844 }, isMobile: true });
    const visitor = await phone.newPage();
    await visitor.goto(code.url);
    await visitor.getByText('Landed on /flyer').waitFor();
    await visitor.goto(form.url);
    await visitor.getByRole('heading', { name: 'Fair sign-up' }).waitFor();
    await phone.close();

    // The visits are recorded in the background: each look opens the page anew until the figures show them.
    const total = page.locator('.total', { hasText: 'Scans, clicks, views and submissions' });
    await expect
      .poll(
        async () => {
          await page.reload();
          await total.waitFor();
          return total.getByText('2', { exact: true }).count();
        },
        { message: 'the campaign figures show the scan and the view', timeout: chromium.WAIT_MS, interval: 500 },
      )
      .toBe(1);
    await page
      .getByRole('table', { name: 'Members, busiest first' })
      .getByRole('row', { name: /Code Fair flyer 1 1/ })
      .waitFor();
    await page
      .getByRole('table', { name: 'Members, busiest first' })
      .getByRole('row', { name: /Form Fair sign-up 1 1/ })
      .waitFor();
    await d.visit('campaign');

    // The report of the window shown, a PDF downloaded through the session.
    const [report] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF report' }).click(),
    ]);
    expect(report.suggestedFilename()).toMatch(/^qrelay-campaign-spring-fair-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(pdfText(readFileSync((await report.path())!)).replace(/\s+/g, ' ')).toMatch(
      /Spring fair Campaign · .*\(30 days\).* 2 /,
    );

    await page.getByRole('link', { name: 'All campaigns' }).click();
    await page.getByText('1 code, 1 form').waitFor();
    const tags = page.getByRole('region', { name: 'Tags in use' });
    await tags.getByText('Fair', { exact: true }).waitFor();
    await d.visit('campaigns');
  });

  it('uploads a logo into the media library, files it in a folder and shows the usage', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Media' }).click();
    await page.getByText('No files yet').waitFor();
    await page.getByText('0 B').waitFor();
    await d.visit('media-empty');

    await page
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.locator('.field-error').waitFor();
    await d.visit('media-refused');

    await page
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
    await page.getByLabel('Name (optional)').fill('Acme logo');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Uploaded Acme logo.').waitFor();
    const image = page.getByRole('img', { name: 'Acme logo' });
    await image.waitFor();
    // The picture loads after its element appears, and the usage is read afresh after the upload.
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: chromium.WAIT_MS,
      })
      .toBe(true);
    await page.getByText('0 B').waitFor({ state: 'detached' });

    await page.getByLabel('New folder').fill('Brand');
    await page.getByRole('button', { name: 'Create folder' }).click();
    await page.getByRole('heading', { name: 'Files in Brand' }).waitFor();
    await page.getByText('No files here').waitFor();
    await page.getByRole('button', { name: 'All files' }).click();
    await page.getByRole('button', { name: 'Rename or move Acme logo' }).click();
    await page.getByLabel('Folder', { exact: true }).last().selectOption({ label: 'Brand' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/In Brand ·/).waitFor();
    await page.getByRole('button', { name: 'Brand', exact: true }).click();
    await page.getByRole('img', { name: 'Acme logo' }).waitFor();
    await d.visit('media');
    const files = await d.call<{ name: string; type: string; folderId: string }[]>('GET', '/app/api/v1/media');
    expect(files).toEqual([expect.objectContaining({ name: 'Acme logo', type: 'image/png', folderId: expect.any(String) })]);
  });

  it('kept to the Content-Security-Policy with no serious or critical accessibility finding', () => {
    expect(d.csp).toEqual([]);
    expect(Object.keys(d.audits).length).toBeGreaterThanOrEqual(10);
    expect(chromium.auditFindings(d.audits)).toEqual([]);
  });
});
