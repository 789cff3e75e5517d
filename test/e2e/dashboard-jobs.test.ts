import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditAndShoot,
  auditFindings,
  hasChromium,
  PHONE_AND_DESKTOP,
  STORY_OPTIONS,
  STORY_TIMEOUT_MS,
  WAIT_MS,
} from '../support/chromium.js';
import { signedInDashboard, type SignedInDashboard } from '../support/dashboard-session.js';
import { unzip } from '../support/zip.js';
import { pdfText, pdfToPng, zbarDecode } from '../support/decoders.js';
import { PDFDocument } from '@cantoo/pdf-lib';

const EMAIL = 'print-shop@acme.test';
const PASSWORD = 'a long and private passphrase';

type Job = { id: string; status: string; done: number; total: number };

const bytesOf = async (download: Download) => readFileSync((await download.path())!);

/** The value of the page's (first) progress bar, once it has one. */
const progressOf = async (page: Page) => Number(await page.getByRole('progressbar').first().getAttribute('aria-valuenow'));

/**
 * A marketer makes codes in bulk and prints them, in real headless Chromium: a spreadsheet's CSV with
 * its own column names is previewed, matched and checked (every problem against its row, nothing
 * made), fixed and imported with a progress bar that a reload keeps; codes chosen on the list are
 * printed on label sheets; a long print run is followed, found in the jobs list and cancelled.
 */
describe.runIf(hasChromium)('bulk import and print runs in a browser', STORY_OPTIONS, () => {
  let d: SignedInDashboard;
  const scratch = mkdtempSync(join(tmpdir(), 'qrelay-import-'));
  const visit = (name: string) => auditAndShoot(d.page, d.audits, name, `jobs-${name}`, PHONE_AND_DESKTOP);
  const csvFile = (name: string, text: string) => {
    const path = join(scratch, name);
    writeFileSync(path, text);
    return path;
  };
  const waitForJob = async (id: string, status = 'succeeded') => {
    await expect
      .poll(async () => (await d.call<Job>('GET', `/app/api/v1/jobs/${id}`)).body.data.status, { timeout: WAIT_MS })
      .toBe(status);
  };

  beforeAll(async () => {
    d = await signedInDashboard(EMAIL, PASSWORD);
    expect((await d.call('POST', '/app/api/v1/folders', { name: 'Posters' })).status).toBe(201);
  }, STORY_TIMEOUT_MS);
  afterAll(async () => {
    await d?.close('axe-jobs.json');
    rmSync(scratch, { recursive: true, force: true });
  });

  it('previews a CSV with its own column names, matches them, and shows every problem against its row', async () => {
    const { page } = d;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Import' }).click();
    await page.getByRole('heading', { name: 'Import codes', level: 1 }).waitFor();
    const bad = csvFile(
      'posters.csv',
      'Title,Link,Slug,Group\r\n' +
        'Spring poster,https://example.com/spring,spring,posters\r\n' +
        'Summer poster,https://example.com/sum mer,summer,Posters\r\n' +
        '\r\n' +
        'Autumn poster,https://example.com/autumn,spring,\r\n',
    );
    await page.getByLabel('CSV file').setInputFiles(bad);
    await page.getByText('posters.csv: 3 rows, 4 columns.').waitFor();
    const preview = page.getByRole('table', { name: 'The rows of posters.csv' });
    await preview.getByRole('cell', { name: 'https://example.com/sum mer' }).waitFor();
    expect(await preview.getByRole('row').count()).toBe(4);
    // The columns are guessed from their names: Title is the name, Link the destination, Slug the ending.
    const chosen = (label: string) =>
      page.getByLabel(label, { exact: true }).evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent);
    expect(await chosen('Name (required)')).toBe('Title');
    expect(await chosen('Destination (required)')).toBe('Link');
    expect(await chosen('Ending')).toBe('Slug');
    expect(await chosen('Folder')).toBe('Group');
    expect(await chosen('Mode')).toBe('Not in the file');
    await visit('mapping');

    await page.getByRole('button', { name: 'Check 3 rows' }).click();
    const problems = page.getByRole('table', { name: 'Rows with problems' });
    await problems.waitFor();
    await page.getByText('2 rows have errors; nothing was created.').waitFor();
    const rows = await problems
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent)));
    expect(rows).toEqual([
      // Row, field, problem, then the row's name and the value at fault.
      [
        '2',
        'Destination',
        'Destination must not contain spaces or control characters.',
        'Summer poster',
        'https://example.com/sum mer',
      ],
      ['3', 'Ending', 'Ending "spring" is also on row 1.', 'Autumn poster', 'spring'],
    ]);
    await visit('errors');
    const listed = (await d.call<Array<{ name: string }>>('GET', '/app/api/v1/codes')).body.data;
    expect(listed).toEqual([]);
  });

  it('creates the codes from the fixed file, with a progress bar that a reload keeps, and downloads their list', async () => {
    const { page } = d;
    const good = csvFile(
      'posters-fixed.csv',
      'Title,Link,Slug,Group\r\n' +
        'Spring poster,https://example.com/spring,spring,posters\r\n' +
        'Summer poster,https://example.com/summer,summer,Posters\r\n' +
        'Autumn poster,https://example.com/autumn,autumn,\r\n',
    );
    await page.getByLabel('CSV file').setInputFiles(good);
    await page.getByText('posters-fixed.csv: 3 rows, 4 columns.').waitFor();
    // A new file is checked again: the last check's problems are gone.
    await page.getByRole('table', { name: 'Rows with problems' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Check 3 rows' }).click();
    await page.getByText('3 rows ready.').waitFor();
    expect((await d.call<unknown[]>('GET', '/app/api/v1/codes')).body.data).toEqual([]);
    // A double click makes one job: the second request carries the same Idempotency-Key.
    await page.getByRole('button', { name: 'Create 3 codes' }).dblclick();
    await page.waitForURL(/\/app\/codes\/import\?job=[0-9a-f-]{36}$/);
    const jobId = new URL(page.url()).searchParams.get('job')!;
    const bar = page.getByRole('progressbar', { name: 'Creating the codes' });
    await bar.waitFor();
    await page.getByText('Created 3 codes.').waitFor();
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    await page
      .getByRole('status')
      .filter({ hasText: /^Done$/ })
      .waitFor({ state: 'attached' });
    await visit('import-done');

    await page.reload();
    await page.getByRole('progressbar', { name: 'Creating the codes' }).waitFor();
    expect(await progressOf(page)).toBe(100);
    await page.getByText('Created 3 codes.').waitFor();

    const [list] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the list (CSV)' }).click(),
    ]);
    expect(list.suggestedFilename()).toBe(`qrelay-bulk-${jobId.slice(0, 8)}.csv`);
    const made = parse(await bytesOf(list), { columns: true }) as Array<Record<string, string>>;
    expect(made.map((r) => [r.row, r.name, r.shortCode, r.url])).toEqual([
      ['1', 'Spring poster', 'spring', `${d.base}/spring`],
      ['2', 'Summer poster', 'summer', `${d.base}/summer`],
      ['3', 'Autumn poster', 'autumn', `${d.base}/autumn`],
    ]);
    const bulkJobs = (await d.call<Job[]>('GET', '/app/api/v1/jobs?kind=bulk')).body.data;
    expect(bulkJobs.filter((j) => j.done === 3)).toHaveLength(1);
    // The folder column named the folder by name, in any case: both rows were filed in it.
    const folders = (await d.call<Array<{ name: string; codeCount: number }>>('GET', '/app/api/v1/folders')).body.data;
    expect(folders).toMatchObject([{ name: 'Posters', codeCount: 2 }]);
    await page.getByRole('link', { name: 'Print run' }).click();
    await page.getByText(/^The 3 codes made by the import of /).waitFor();
  });

  it('prints codes chosen on the list on label sheets, with a live preview, and downloads the ZIP', async () => {
    const { page } = d;
    await page.goto(`${d.base}/app/codes`);
    await page.getByLabel('Select Spring poster').check();
    await page.getByLabel('Select Autumn poster').check();
    await page.getByRole('link', { name: 'Print run…' }).click();
    await page.getByRole('heading', { name: 'Print run', level: 1 }).waitFor();
    await page.getByText('2 selected codes').waitFor();
    await page.getByLabel('SVG').check();
    await page.getByLabel('Width of each image (pixels)').fill('30');
    await page.getByText('Choose a whole number from 64 to 4096 px.').waitFor();
    await page.getByRole('button', { name: 'Start the print run' }).and(page.locator(':disabled')).waitFor();
    await page.getByLabel('Width of each image (pixels)').fill('512');
    await page.getByLabel(/^Also lay the codes out on printable label sheets/).check();

    const preview = page.getByRole('img', { name: /^One A4 page: 3 × 8, 24 labels; each symbol .* square\.$/ });
    await preview.waitFor();
    expect(await preview.locator('.sheet-cell').count()).toBe(24);
    expect(await preview.locator('.sheet-symbol').count()).toBe(24);
    expect(await preview.locator('.sheet-caption').count()).toBe(24);
    expect(await preview.locator('.sheet-marks line').count()).toBeGreaterThan(0);
    // The service's layout: cells (297 − 2×10 − 7×4) / 8 = 31.1 mm tall, less a 4 mm caption line.
    await page.getByRole('figure').getByText('27.1 mm').waitFor();
    // The preview follows the options: four columns, two rows, no caption.
    await page.getByLabel('Columns').fill('4');
    await page.getByLabel('Rows').fill('2');
    await page.getByLabel('Caption').selectOption('none');
    await page.getByRole('img', { name: /^One A4 page: 4 × 2, 8 labels;/ }).waitFor();
    expect(await preview.locator('.sheet-caption').count()).toBe(0);
    // Too many columns: the symbols would be under 10 mm, said beside the field, and nothing starts.
    await page.getByLabel('Columns').fill('15');
    const columns = page.getByLabel('Columns');
    await expect.poll(() => columns.getAttribute('aria-invalid'), { timeout: WAIT_MS }).toBe('true');
    // In the service's words (its own check runs in the page): what would fit instead.
    await page
      .getByText(/^15 columns do not fit across A4 \(210 mm\) .* each symbol would be 8\.9 mm wide.*At most 13 columns fit/)
      .waitFor();
    await page.getByRole('img', { name: /no room for a symbol of 10 mm\.$/ }).waitFor();
    await page.getByRole('button', { name: 'Start the print run' }).and(page.locator(':disabled')).waitFor();
    await visit('print-sheet-too-small');
    await page.getByLabel('Columns').fill('3');
    await page.getByLabel('Rows').fill('6');
    await page.getByLabel('Caption').selectOption('name');
    await page.getByRole('img', { name: /^One A4 page: 3 × 6, 18 labels;/ }).waitFor();
    await visit('print-options');

    await page.getByRole('button', { name: 'Start the print run' }).click();
    await page.waitForURL(/[?&]run=[0-9a-f-]{36}/);
    await page.getByRole('progressbar', { name: 'Drawing and checking the codes' }).waitFor();
    const [zip] = await Promise.all([
      page.waitForEvent('download', { timeout: WAIT_MS }),
      page.getByRole('link', { name: 'Download ZIP' }).click({ timeout: WAIT_MS }),
    ]);
    const files = await unzip(await bytesOf(zip));
    const names = [...files.keys()].sort();
    expect(names).toEqual(['autumn.svg', 'manifest.csv', 'sheets.pdf', 'spring.svg']);
    // The label sheet: one A4 page whose captions are the names and whose symbols zbar reads.
    const sheets = files.get('sheets.pdf')!;
    const pdf = await PDFDocument.load(sheets);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getWidth()).toBeCloseTo((210 / 25.4) * 72, 0);
    expect(pdfText(sheets)).toMatch(/Spring poster[\s\S]*Autumn poster/);
    const page1 = pdfToPng(sheets, 200);
    expect(zbarDecode([page1]).get(page1)!.sort()).toEqual([`${d.base}/autumn`, `${d.base}/spring`]);
    const manifest = parse(files.get('manifest.csv')!, { columns: true }) as Array<Record<string, string>>;
    expect(manifest.map((r) => [r.name, r.file, r.decoded])).toEqual([
      ['Spring poster', 'spring.svg', 'yes'],
      ['Autumn poster', 'autumn.svg', 'yes'],
    ]);
    expect(files.get('spring.svg')!.toString()).toMatch(/^<svg [^>]*width="512"/);
  });

  it('follows a long print run across a reload, lists it among the jobs, and cancels it there', async () => {
    const { page } = d;
    const codes = Array.from({ length: 400 }, (_, i) => ({
      name: `Shelf label ${i + 1}`,
      url: `https://example.com/shelf/${i + 1}`,
    }));
    const queued = await d.call<Job>('POST', '/app/api/v1/codes/bulk', { codes });
    expect(queued.status).toBe(202);
    await waitForJob(queued.body.data.id);

    await page.goto(`${d.base}/app/folders`);
    await page.getByRole('link', { name: 'Print run of Posters' }).waitFor();
    await page.goto(`${d.base}/app/codes/print?job=${queued.body.data.id}`);
    await page.getByText(/^The 400 codes made by the import of /).waitFor();
    await page.getByLabel('PNG').check();
    await page.getByLabel('Width of each image (pixels)').fill('4096');
    await page.getByRole('button', { name: 'Start the print run' }).click();
    await page.waitForURL(/[?&]run=[0-9a-f-]{36}/);
    const runId = new URL(page.url()).searchParams.get('run')!;
    const bar = page.getByRole('progressbar', { name: 'Drawing and checking the codes' });
    await expect.poll(() => progressOf(page), { timeout: WAIT_MS }).toBeGreaterThan(0);
    await page
      .getByRole('status')
      .filter({ hasText: /^Drawing the codes$/ })
      .waitFor({ state: 'attached' });
    await visit('print-progress');

    await page.reload();
    await bar.waitFor();
    const after = await progressOf(page);
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(100);
    await expect.poll(() => progressOf(page), { timeout: WAIT_MS }).toBeGreaterThan(after);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).click();
    await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
    const row = page.locator('li', { has: page.getByRole('link', { name: 'Print run' }) }).first();
    await row.getByText('Drawing the codes', { exact: true }).waitFor();
    await row.getByRole('progressbar').waitFor();
    await page
      .locator('li', { hasText: 'Bulk create' })
      .first()
      .getByRole('link', { name: /^Download/ })
      .waitFor();
    await visit('list');
    await row.getByRole('button', { name: /^Cancel the Print run/ }).click();
    await row.getByText('Cancelled', { exact: true }).waitFor();
    await waitForJob(runId, 'cancelled');
  });

  it('passes the accessibility audit in every state it photographed: no serious or critical violation', () => {
    expect(Object.keys(d.audits).sort()).toEqual(
      ['errors', 'import-done', 'list', 'mapping', 'print-options', 'print-progress', 'print-sheet-too-small'].sort(),
    );
    expect(auditFindings(d.audits)).toEqual([]);
  });
});
