/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as chromium from '../support/chromium.js';
import { firstRunDashboard, type FirstRunDashboard } from '../support/dashboard-first-run.js';

const PASSWORD = 'a long and private passphrase';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
/** Where each scan comes from, as a CDN in front of the service would say in its headers. */
const VISITS = [
  { country: 'DE', region: 'Bavaria', city: 'Munich', ua: IPHONE },
  { country: 'DE', region: 'Berlin', city: 'Berlin', ua: ANDROID },
  { country: 'DE', region: 'Bavaria', city: 'Munich', ua: ANDROID },
  { country: 'NZ', region: 'Auckland', city: 'Auckland', ua: IPHONE },
  { country: 'BR', region: 'Sao Paulo', city: 'Sao Paulo', ua: IPHONE },
];

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * A café owner reads their analytics in real headless Chromium: scans from three countries arrive; the
 * chart switches between days and hours, the week grid says when people scan, the map and its table
 * say where, the totals compare with the period before, each part downloads as CSV, custom dates stay
 * in the address, and the account's time zone is set (a refusal beside the field). Every page is
 * audited (axe) and photographed at a phone's and a desktop's width, in light and dark colours.
 */
describe.runIf(chromium.hasChromium)('analytics people read, in a browser', chromium.STORY_OPTIONS, () => {
  let d: FirstRunDashboard;
  let base: string;
  let page: FirstRunDashboard['page'];
  let code: { id: string; url: string };
  /** When the scans were made (within the same second). */
  let scannedAt: Date;

  beforeAll(async () => {
    d = await firstRunDashboard({
      account: { name: 'Café Aroha', email: 'owner@aroha.test', password: PASSWORD },
      shots: 'analytics-',
      auditFile: 'axe-analytics.json',
      env: { GEO_COUNTRY_HEADER: 'x-geo-country', GEO_REGION_HEADER: 'x-geo-region', GEO_CITY_HEADER: 'x-geo-city' },
    });
    ({ base, page } = d);
    code = await d.call('POST', '/app/api/v1/codes', { name: 'Table tent', url: `${d.landing.url}/menu` });
    scannedAt = new Date();
    for (const v of VISITS) {
      const response = await fetch(code.url, {
        redirect: 'manual',
        headers: {
          'user-agent': v.ua,
          'x-geo-country': v.country,
          'x-geo-region': v.region,
          'x-geo-city': v.city,
        },
      });
      expect(response.status).toBe(302);
    }
    // The recorder writes in the background: wait until every scan is counted.
    const counted = () => d.call<{ totals: { scans: number } }>('GET', '/app/api/v1/analytics/account?days=7');
    for (let waited = 0; (await counted()).totals.scans < VISITS.length; waited += 250) {
      if (waited > chromium.WAIT_MS) throw new Error('the scans were not counted in time');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, chromium.STORY_TIMEOUT_MS);

  afterAll(async () => {
    await d?.close();
  });

  it('switches the chart between days and hours, offering hours only for a week or less', async () => {
    await page.goto(`${base}/app/analytics?code=${code.id}&days=7`);
    await page.getByRole('heading', { name: /^Table tent, / }).waitFor();
    await page.locator('.total', { hasText: 'Scans' }).getByText('5', { exact: true }).waitFor();
    await page.locator('.chart canvas').first().waitFor();
    await d.visit('code-days');

    await page.getByRole('radio', { name: 'By hour' }).check();
    await page.waitForURL(/interval=hour/);
    await page.getByText('Figures by hour').click();
    const hours = page.getByRole('table', { name: 'Scans by hour' });
    await hours.waitFor();
    // Seven days of hours, and this hour holds the five scans.
    expect(await hours.locator('tbody tr').count()).toBe(7 * 24);
    await hours.getByRole('row', { name: /5 \d+$/ }).waitFor();
    await d.visit('code-hours');
    // The hours stay when the page is reloaded from its address.
    await page.reload();
    expect(await page.getByRole('radio', { name: 'By hour' }).isChecked()).toBe(true);

    // Thirty days are too many for hours: the chart goes back to days and says why.
    await page.getByLabel('Window').selectOption({ label: 'Last 30 days' });
    await page.waitForURL((url) => url.searchParams.get('days') === '30' && !url.searchParams.has('interval'));
    await page.getByText('Hours are shown for ranges of up to 7 days.').waitFor();
    expect(await page.getByRole('radio', { name: 'By hour' }).count()).toBe(0);
  });

  it('shows when people scan as a week grid whose cells carry their counts', async () => {
    await page.goto(`${base}/app/analytics?code=${code.id}&days=7`);
    const grid = page.getByRole('region', { name: /When people scan/ });
    await grid.waitFor();
    await grid.getByText(/^Busiest: \w+day \d\d:00 to \d\d:00, 5 scans\./).waitFor();
    // The scans are in the cell of this weekday and hour (UTC, the account's zone so far).
    const weekday = scannedAt.toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
    const table = grid.getByRole('table', { name: /by weekday \(rows\)/ });
    const row = table.getByRole('row', { name: new RegExp(`^${weekday.slice(0, 3)} `) });
    expect(await row.locator('td').nth(scannedAt.getUTCHours()).textContent()).toBe('5');
    expect(await row.locator('td').nth(scannedAt.getUTCHours()).getAttribute('class')).toContain('heat-4');
    await d.visit('grid');
    // At a phone's width the grid turns: hours down, weekdays across, and the page does not scroll sideways.
    await page.setViewportSize({ width: 360, height: 800 });
    await grid.getByRole('table', { name: /by hour of the day \(rows\)/ }).waitFor();
    expect(await chromium.sidewaysOverflow(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('draws the countries on a map titled with their names and counts, beside a table, with regions and cities where given', async () => {
    await page.goto(`${base}/app/analytics?code=${code.id}&days=7`);
    const map = page.getByRole('img', { name: 'Map of scans by country' });
    await map.waitFor();
    const countries = page.getByRole('table', { name: 'Countries' });
    await countries.getByRole('row', { name: 'Germany 3' }).waitFor();
    await countries.getByRole('row', { name: 'New Zealand 1' }).waitFor();
    const titles = await map.locator('path > title').allTextContents();
    expect(titles).toEqual(
      expect.arrayContaining(['Germany: 3 scans', 'New Zealand: 1 scan', 'Brazil: 1 scan', 'France: 0 scans']),
    );
    expect(titles.length).toBeGreaterThan(150);
    // Shaded by count: Germany the darkest, a country without scans not at all.
    expect(await map.locator('path', { has: page.locator('title', { hasText: /^Germany:/ }) }).getAttribute('class')).toContain(
      'heat-4',
    );
    expect(await map.locator('path', { has: page.locator('title', { hasText: /^France:/ }) }).getAttribute('class')).toContain(
      'heat-0',
    );
    // Regions and cities are tables when the service reports them, and absent otherwise.
    const figures = await d.call<{ regions?: unknown }>('GET', `/app/api/v1/analytics/codes/${code.id}?days=7`);
    expect(await page.getByRole('table', { name: 'Regions' }).count()).toBe(Array.isArray(figures.regions) ? 1 : 0);
    await d.visit('map');
  });

  it('compares the totals with the period before, in words and arrows, and lays it faint on the chart', async () => {
    await page.goto(`${base}/app/analytics?code=${code.id}&days=7`);
    const scans = page.locator('.total', { hasText: 'Scans' }).first();
    await scans.getByText('none in the period before').waitFor();
    await scans.getByText('Period before: 0').waitFor();
    await page.getByText(`Compared with the period before: ${day(-13)} to ${day(-7)}.`).waitFor();
    // The chart's legend names the faint line of the period before.
    await page.locator('.u-legend', { hasText: 'Scans, period before' }).waitFor();

    // Tomorrow alone: today's scans are now the period before, and the fall is said with an arrow and words.
    await page.goto(`${base}/app/analytics?code=${code.id}&from=${day(1)}&to=${day(1)}`);
    const fall = page.locator('.total', { hasText: 'Scans' }).first().locator('.change');
    await fall.getByText('down 100% on the period before').waitFor();
    expect(await fall.textContent()).toBe('↓ down 100% on the period before');
    await d.visit('comparison');
  });

  it('downloads the series and each breakdown as CSV over the range shown', async () => {
    await page.goto(`${base}/app/analytics?code=${code.id}&from=${day(-2)}&to=${day(0)}`);
    await page.getByRole('heading', { name: /^Table tent, / }).waitFor();
    const countries = page.getByRole('link', { name: 'CSV of countries' });
    expect(await countries.getAttribute('href')).toBe(
      `/app/api/v1/analytics/codes/${code.id}/export?from=${day(-2)}&to=${day(0)}&part=countries`,
    );
    const download = page.waitForEvent('download');
    await countries.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/-countries-.*\.csv$/);
    const csv = await (await import('node:fs/promises')).readFile(await file.path(), 'utf8');
    expect(csv.split('\r\n')).toEqual(expect.arrayContaining(['country,scans', 'DE,3', 'NZ,1', 'BR,1']));
    for (const name of ['scans by day', 'scans by weekday and hour', 'devices', 'operating systems', 'browsers', 'placements'])
      await page.getByRole('link', { name: `CSV of ${name}` }).waitFor();
    const daily = page.waitForEvent('download');
    await page.getByRole('link', { name: 'CSV of scans by day' }).click();
    const days = await (await import('node:fs/promises')).readFile(await (await daily).path(), 'utf8');
    expect(days.split('\r\n')[0]).toBe('date,scans,uniqueVisitors,excluded');
    expect(days).toContain(`\r\n${day(0)},5,`);
  });

  it('keeps custom dates in the address', async () => {
    await page.goto(`${base}/app/analytics?days=7`);
    await page.getByRole('heading', { name: /^All codes, / }).waitFor();
    await page.getByLabel('Window').selectOption({ label: 'Custom dates' });
    await page.waitForURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
    await page.getByLabel('From').fill(day(-3));
    await page.waitForURL(new RegExp(`from=${day(-3)}`));
    await page.getByLabel('To').fill(day(-1));
    await page.waitForURL(new RegExp(`to=${day(-1)}`));
    await page.getByText('No code was scanned in this window.').waitFor();
    // Three days: hours are offered.
    await page.getByRole('radio', { name: 'By hour' }).check();
    await page.waitForURL(new RegExp(`from=${day(-3)}&to=${day(-1)}&interval=hour`));
    await d.visit('custom-range');
    await page.reload();
    expect(await page.getByLabel('From').inputValue()).toBe(day(-3));
    expect(await page.getByLabel('To').inputValue()).toBe(day(-1));
  });

  it('sets the account’s time zone, a refusal shown beside the field, and the analytics follow it', async () => {
    await page.goto(`${base}/app/settings/account`);
    const zone = page.getByLabel('Time zone of the analytics');
    await zone.waitFor();
    expect(await zone.inputValue()).toBe('UTC');
    await d.visit('time-zone');

    // A refusal from the service (here made up by the test: every zone offered is valid) shows beside the field.
    await page.route('**/app/api/v1/me/account', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'invalid_request', message: 'timezone must be an IANA time zone.', field: 'timezone', docs: '' },
        }),
      }),
    );
    await zone.selectOption('Pacific/Auckland');
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await page.locator('.field-error', { hasText: 'timezone must be an IANA time zone.' }).waitFor();
    expect(await zone.getAttribute('aria-invalid')).toBe('true');
    await d.visit('time-zone-refused');
    await page.unroute('**/app/api/v1/me/account');

    await page.getByRole('button', { name: 'Save time zone' }).click();
    await page.getByText('Analytics now count days in Pacific/Auckland.').waitFor();
    const settings = await d.call<{ timezone: string }>('GET', '/app/api/account');
    expect(settings.timezone).toBe('Pacific/Auckland');
    await page.reload();
    expect(await page.getByLabel('Time zone of the analytics').inputValue()).toBe('Pacific/Auckland');

    await page.goto(`${base}/app/analytics?code=${code.id}&days=7`);
    await page.getByRole('region', { name: 'When people scan: weekday and hour (Pacific/Auckland)' }).waitFor();
  });

  it('draws the chart’s lines and axes light on dark in dark mode', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${base}/app/analytics?code=${code.id}&days=7`);
    await page.locator('.chart canvas').first().waitFor();
    await page.locator('.u-legend', { hasText: 'Scans, period before' }).waitFor();
    // The axis labels are drawn in the light ink of the dark palette, not in a dark default.
    const lightPixels = await page.evaluate(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('.chart canvas')!;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let light = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 200 && data[i]! > 150 && data[i + 1]! > 150) light++;
      return light;
    });
    expect(lightPixels).toBeGreaterThan(200);
    await d.visit('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(d.csp).toEqual([]);
    expect(chromium.auditFindings(d.audits)).toEqual([]);
  });
});
