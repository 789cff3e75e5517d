import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
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
import { closeStandIns, shlinkStandIn } from '../support/import-stand-ins.js';

const EMAIL = 'mover@acme.test';
const PASSWORD = 'a long and private passphrase';

/** Rows cells as the page shows them. */
const cellsOf = (rows: Element[]) => rows.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent));

/**
 * Someone leaving another service moves their links in, in real headless Chromium: a plain CSV export with
 * one ending already taken is checked (the left-out row shown, nothing written), imported with a progress
 * bar that a reload keeps, and its report downloaded; an imported short address answers. Reading Shlink's
 * API with a wrong key shows the refusal beside the key.
 */
describe.runIf(hasChromium)('moving links in from another service in a browser', STORY_OPTIONS, () => {
  let d: SignedInDashboard;
  const scratch = mkdtempSync(join(tmpdir(), 'qrelay-move-in-'));
  const visit = (name: string) => auditAndShoot(d.page, d.audits, name, `move-in-${name}`, PHONE_AND_DESKTOP);

  beforeAll(async () => {
    // The stand-in answers on 127.0.0.1: the server may call private addresses only when told.
    d = await signedInDashboard(EMAIL, PASSWORD, { WEBHOOK_ALLOW_PRIVATE: 'true' });
    const taken = await d.call('POST', '/app/api/v1/links', { url: 'https://example.com/already-here', shortCode: 'taken' });
    expect(taken.status).toBe(201);
  }, STORY_TIMEOUT_MS);
  afterAll(async () => {
    await closeStandIns();
    await d?.close('axe-move-in.json');
    rmSync(scratch, { recursive: true, force: true });
  });

  it('checks a CSV export, shows the row left out, imports the rest and downloads the report', async () => {
    const { page } = d;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Import' }).click();
    await page.getByRole('link', { name: 'Move in from Bitly, Shlink, Dub…' }).click();
    await page.getByRole('heading', { name: 'Move in', level: 1 }).waitFor();
    await page.getByRole('radio', { name: /Plain CSV/ }).check();
    const path = join(scratch, 'old-links.csv');
    writeFileSync(
      path,
      'url,shortCode,name\r\n' +
        'https://example.com/spring,spring,Spring sale\r\n' +
        'https://example.com/promo,taken,Old promo\r\n' +
        'https://example.com/summer,summer,Summer sale\r\n',
    );
    await page.getByLabel('Plain CSV export file').setInputFiles(path);
    await page.getByRole('radio', { name: 'Short links' }).check();
    await page.getByRole('button', { name: 'Check first' }).click();
    await page.getByText('2 links ready; 1 left out.').waitFor({ timeout: WAIT_MS });
    const problems = page.getByRole('table', { name: 'Rows left out' });
    const rows = await problems.locator('tbody tr').evaluateAll(cellsOf);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.slice(0, 2)).toEqual(['2', 'Ending']);
    expect(rows[0]![2]).toMatch(/"taken" is already taken/);
    // Nothing was written by the check.
    expect((await d.call<unknown[]>('GET', '/app/api/v1/links')).body.data).toHaveLength(1);
    await visit('check');

    // A double click makes one job: the second request carries the same Idempotency-Key.
    await page.getByRole('button', { name: 'Import 2 links' }).dblclick();
    await page.waitForURL(/\/app\/codes\/import\/move-in\?job=[0-9a-f-]{36}$/);
    const jobId = new URL(page.url()).searchParams.get('job')!;
    await page.getByRole('progressbar', { name: 'Moving in' }).waitFor();
    await page.getByText('2 imported, 1 left out.').waitFor({ timeout: WAIT_MS });
    await page.reload();
    await page.getByRole('progressbar', { name: 'Moving in' }).waitFor();
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await page.getByText('2 imported, 1 left out.').waitFor();
    expect(await page.getByRole('table', { name: 'Rows left out' }).locator('tbody tr').count()).toBe(1);
    await visit('done');

    const [report] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the report (CSV)' }).click(),
    ]);
    expect(report.suggestedFilename()).toBe(`qrelay-import-${jobId.slice(0, 8)}.csv`);
    const lines = parse(readFileSync((await report.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(lines.map((l) => [l.row, l.result, l.shortCode, l.url])).toEqual([
      ['1', 'imported', 'spring', 'https://example.com/spring'],
      ['2', 'skipped', '', ''],
      ['3', 'imported', 'summer', 'https://example.com/summer'],
    ]);
    expect(lines[1]!.message).toMatch(/"taken" is already taken/);
    const jobs = await d.call<Array<{ id: string }>>('GET', '/app/api/v1/jobs?kind=import');
    expect(jobs.body.data.filter((j) => j.id === jobId)).toHaveLength(1);

    const resolved = await fetch(`${d.base}/spring`, { redirect: 'manual' });
    expect(resolved.status).toBe(302);
    expect(resolved.headers.get('location')).toBe('https://example.com/spring');
    await page.getByRole('link', { name: 'See the links' }).click();
    await page.waitForURL('**/app/links');
  });

  it("reads Shlink's API and shows a refused key beside the key, keeping what was typed", async () => {
    const { page } = d;
    const shlink = await shlinkStandIn({
      key: 'the-right-key',
      links: [
        {
          shortCode: 'docs',
          url: 'https://example.com/docs',
          title: 'Docs',
          tags: [],
          createdAt: '2024-01-02T03:04:05Z',
          clicks: 3,
        },
      ],
    });
    await page.goto(`${d.base}/app/codes/import/move-in`);
    await page.getByRole('radio', { name: /^Shlink/ }).check();
    await page.getByRole('radio', { name: 'Read from its API' }).check();
    await page.getByLabel('Shlink address').fill(shlink.url);
    const key = page.getByLabel('API key', { exact: true });
    expect(await key.getAttribute('type')).toBe('password');
    expect(await key.getAttribute('autocomplete')).toBe('off');
    await key.fill('a-wrong-key');
    await page.getByRole('button', { name: 'Check first' }).click();
    await page.getByText(/refused the API key/).waitFor({ timeout: WAIT_MS });
    expect(await key.getAttribute('aria-invalid')).toBe('true');
    expect(await key.inputValue()).toBe('a-wrong-key');
    expect(await page.getByLabel('Shlink address').inputValue()).toBe(shlink.url);
    expect(shlink.requests.length).toBeGreaterThan(0);
    await visit('refused');
    expect(auditFindings(d.audits)).toEqual([]);
  });
});
