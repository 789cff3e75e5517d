/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as chromium from '../support/chromium.js';
import { firstRunDashboard, type FirstRunDashboard } from '../support/dashboard-first-run.js';
import { lastMailTo } from '../support/dashboard-server.js';
import { Receiver } from '../support/receiver.js';
import { cli } from '../support/spawn.js';

const PASSWORD = 'a long and private passphrase';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/**
 * The dashboard's data pages in real headless Chromium, with the Content-Security-Policy in force:
 * links, folders, templates, analytics with live scans, the team and its invitations, webhooks, and
 * the plan. Each page is audited (axe) and photographed at a phone's and a desktop's width.
 */
describe.runIf(chromium.hasChromium)('the dashboard data pages in a browser', chromium.STORY_OPTIONS, () => {
  let d: FirstRunDashboard;
  let base: string;
  let page: FirstRunDashboard['page'];
  let code: { id: string; url: string };
  /** A webhook endpoint: it answers with the statuses it is told, and keeps each delivery. */
  const hook = new Receiver();

  beforeAll(async () => {
    d = await firstRunDashboard({
      account: { name: 'Acme', email: 'owner@acme.test', password: PASSWORD },
      shots: 'data-',
      auditFile: 'axe-data-pages.json',
      env: { WEBHOOK_ALLOW_PRIVATE: '1' },
    });
    ({ base, page } = d);
    await hook.start();
  }, chromium.STORY_TIMEOUT_MS);

  afterAll(async () => {
    await d?.close();
    if (hook.url) await hook.stop();
  });

  it('creates, repoints and lists a short link', async () => {
    await page.goto(`${base}/app/links`);
    await page.getByText('No links yet').waitFor();
    await d.visit('links-empty');
    await page.getByLabel('Destination', { exact: true }).fill('https://example.com/menu');
    await page.getByLabel('Ending (optional)').fill('app');
    await page.getByRole('button', { name: 'Create link' }).click();
    await page.locator('.field-error', { hasText: 'reserved' }).waitFor();
    expect(await page.getByLabel('Destination', { exact: true }).inputValue()).toBe('https://example.com/menu');
    await page.getByLabel('Ending (optional)').fill('menu');
    await page.getByRole('button', { name: 'Create link' }).click();
    // A link without a name is listed by its ending; it is repointed on its own page.
    await page.getByRole('link', { name: 'menu', exact: true }).click();
    await page.getByRole('heading', { name: 'menu', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('Destination', { exact: true }).inputValue()).toBe('https://example.com/menu');
    await page.getByLabel('Destination', { exact: true }).fill('https://example.com/lunch');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByLabel('Destination', { exact: true }).inputValue()).toBe('https://example.com/lunch');
    await page.goto(`${base}/app/links`);
    await page.getByRole('link', { name: 'menu', exact: true }).waitFor();
    await d.visit('links');
    const redirect = await fetch(`${base}/menu`, { redirect: 'manual' });
    expect(redirect.headers.get('location')).toBe('https://example.com/lunch');
  });

  it('creates, renames and deletes folders; deleting keeps the codes', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Folders' }).click();
    await page.getByText('No folders yet').waitFor();
    await d.visit('folders-empty');
    for (const name of ['Spring campaign', 'Old stuff']) {
      await page.getByLabel('Folder name').fill(name);
      await page.getByRole('button', { name: 'Create folder' }).click();
      await page.locator('.list-title', { hasText: name }).waitFor();
    }
    await page.getByRole('button', { name: 'Rename Old stuff' }).click();
    await page.getByLabel('New name for Old stuff').fill('Archive box');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.list-title', { hasText: 'Archive box' }).waitFor();
    await page.getByRole('button', { name: 'Delete Archive box' }).click();
    await page.getByRole('dialog').getByText('Its codes stay').waitFor();
    await d.visit('folder-delete-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.locator('.list-title', { hasText: 'Archive box' }).waitFor({ state: 'detached' });
    await d.visit('folders');
  });

  it('saves a template from basic choices, renames and deletes it', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Templates' }).click();
    await page.getByText('No templates yet').waitFor();
    await page.getByLabel('Template name').fill('House style');
    await page.getByLabel('Module style').selectOption('rounded');
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.locator('.list-title', { hasText: 'House style' }).waitFor();
    await page.getByText('rounded modules').waitFor();
    await d.visit('templates');
    const templates = await d.call<{ name: string; design: { moduleStyle: string } }[]>('GET', '/app/api/v1/templates');
    expect(templates).toEqual([
      expect.objectContaining({ name: 'House style', design: expect.objectContaining({ moduleStyle: 'rounded' }) }),
    ]);
    await page.getByRole('button', { name: 'Rename House style' }).click();
    await page.getByLabel('New name for House style').fill('Brand style');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.list-title', { hasText: 'Brand style' }).waitFor();
    await page.getByRole('button', { name: 'Delete Brand style' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No templates yet').waitFor();
  });

  it('shows a scan from a phone in the live list within seconds, then in the figures, and exports them as CSV', async () => {
    const folder = (await d.call<{ id: string; name: string }[]>('GET', '/app/api/v1/folders'))[0]!;
    code = await d.call('POST', '/app/api/v1/codes', { name: 'Table tent', url: `${d.landing.url}/tent`, folderId: folder.id });
    await page.goto(`${base}/app/analytics?code=${code.id}&days=7`);
    await page.getByRole('heading', { name: /^Table tent, / }).waitFor();
    await page.getByText('No scans yet').waitFor();

    // A link checker asks first (a HEAD request: redirected, never counted as a scan, counted as excluded).
    expect((await fetch(code.url, { method: 'HEAD', redirect: 'manual', headers: { 'user-agent': IPHONE } })).status).toBe(302);
    // A visitor scans the code with a phone and lands on the destination (a page served by the test).
    const phone = await d.browser.newContext({ userAgent: IPHONE, viewport: { width: 390, height: 844 }, isMobile: true });
    const visitor = await phone.newPage();
    await visitor.goto(`${code.url}?p=lobby`);
    expect(visitor.url()).toBe(`${d.landing.url}/tent`);
    await visitor.getByText('Landed on /tent').waitFor();
    await phone.close();

    const live = page.getByRole('list', { name: 'Newest scans first' });
    await live.locator('.event', { hasText: 'Table tent' }).waitFor({ timeout: chromium.WAIT_MS });
    await live.getByText(/mobile · iOS.*placement lobby/).waitFor();
    await page.reload();
    await page.locator('.total', { hasText: 'Scans' }).getByText('1', { exact: true }).waitFor();
    await page.getByRole('table', { name: 'Devices' }).getByRole('rowheader', { name: 'mobile' }).waitFor();
    await page.getByRole('table', { name: 'Placements' }).getByRole('rowheader', { name: 'lobby' }).waitFor();
    await page.locator('.total', { hasText: 'Automated requests excluded' }).getByText('1', { exact: true }).waitFor();
    await d.visit('analytics-code');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    const today = new Date().toISOString().slice(0, 10);
    expect(csv.split('\r\n')).toEqual(
      expect.arrayContaining([
        'date,scans,unique visitors,excluded (automated)',
        `${today},1,1,1`,
        'device,scans',
        'mobile,1',
        'placement,scans',
        'lobby,1',
      ]),
    );

    // The folder shows the same chart and breakdowns, over the folder's codes.
    await page.getByLabel('Show').selectOption({ label: folder.name });
    await page.getByRole('heading', { name: new RegExp(`^Folder ${folder.name}, `) }).waitFor();
    await page
      .getByRole('table', { name: /Codes in the folder/ })
      .getByRole('row', { name: /Table tent 1 1/ })
      .waitFor();
    await page.getByRole('table', { name: 'Devices' }).getByRole('rowheader', { name: 'mobile' }).waitFor();
    await page.getByRole('table', { name: 'Placements' }).getByRole('rowheader', { name: 'lobby' }).waitFor();
    await page.locator('.total', { hasText: 'Automated requests excluded' }).waitFor();
    // The chart is drawn once the page has rendered.
    await page.locator('.chart canvas, .uplot canvas').first().waitFor();
    await d.visit('analytics-folder');

    // The overview honours the window: today's scan is in the last 7 days' figures.
    await page.getByLabel('Show').selectOption({ label: 'Account overview' });
    await page.getByRole('heading', { name: /^All codes, / }).waitFor();
    await page
      .getByRole('table', { name: 'Most scanned codes in the window' })
      .getByRole('row', { name: /Table tent 1 1/ })
      .waitFor();
    await page.getByRole('table', { name: 'Placements' }).getByRole('rowheader', { name: 'lobby' }).waitFor();
    const week = (await page.getByRole('heading', { name: /^All codes, / }).textContent())!;
    await page.getByLabel('Window').selectOption({ label: 'Last 30 days' });
    await page.waitForURL(/days=30/);
    await page
      .getByRole('heading', { name: /^All codes, / })
      .filter({ hasNotText: week })
      .waitFor();
    await page
      .getByRole('table', { name: 'Most scanned codes in the window' })
      .getByRole('row', { name: /Table tent 1 1/ })
      .waitFor();
    // Nothing was scanned in the 30 days before: the change has nothing to compare with.
    await page.locator('.total', { hasText: 'Scans' }).getByText('none in the period before').waitFor();
    await d.visit('analytics-overview');

    // Custom dates stay in the address, and the figures follow them.
    await page.getByLabel('Window').selectOption({ label: 'Custom dates' });
    await page.waitForURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('To').fill(yesterday);
    await page.waitForURL(new RegExp(`to=${yesterday}`));
    await page.getByText('No code was scanned in this window.').waitFor();
    await d.visit('analytics-custom-range');
    await page.reload();
    expect(await page.getByLabel('To').inputValue()).toBe(yesterday);
  });

  it('invites a member who accepts in another browser, and whose session ends at once when suspended', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
    await page.getByText('cannot be changed').waitFor();
    await page.getByLabel('E-mail address').fill('sam@acme.test');
    await page.getByLabel('Name (optional)').fill('Sam');
    await page.getByText('Also invites people').waitFor();
    await page.getByLabel(/^Member/).check();
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invited sam@acme.test').waitFor();
    await d.visit('team');

    const link = /http\S+\/app\/set-password\?token=[0-9A-Za-z]{43}/.exec(lastMailTo(d.served, 'sam@acme.test'))?.[0];
    expect(link).toBeDefined();
    const other = await d.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const sam = await other.newPage();
    await sam.goto(link!);
    await sam.getByLabel('New password').fill(PASSWORD);
    await sam.getByLabel('Repeat the password').fill(PASSWORD);
    await sam.getByRole('button', { name: 'Set password and sign in' }).click();
    await sam.waitForURL('**/app/codes');
    await sam.goto(`${base}/app/team`);
    await sam.getByText('Admins and owners invite people').waitFor();
    // The people are listed (the owner's role is fixed), and none of them may be suspended by a member.
    await sam.getByText('cannot be changed').waitFor();
    expect(await sam.getByRole('button', { name: /Suspend/ }).count()).toBe(0);
    // A member may make tokens with read scopes only: no write scope is offered.
    await sam.goto(`${base}/app/settings/tokens`);
    await sam.getByLabel('codes:read').waitFor();
    await sam.getByLabel('analytics:read').waitFor();
    for (const scope of ['codes:write', 'links:write', 'team:write']) expect(await sam.getByLabel(scope).count(), scope).toBe(0);

    await page.reload();
    // Beside each role picker, what the role allows (docs/roles.md).
    const samRow = page.locator('.list-item', { hasText: 'sam@acme.test' });
    await samRow.getByText(/^Member: sees codes/).waitFor();
    await page.getByLabel('Role of Sam').selectOption('editor');
    const roleOfSam = async () =>
      (await d.call<{ name: string; role: string }[]>('GET', '/app/api/v1/users')).find((u) => u.name === 'Sam')?.role;
    await expect.poll(roleOfSam, { timeout: chromium.WAIT_MS }).toBe('editor');
    await samRow.getByText(/^Editor: also creates, repoints/).waitFor();
    await page.getByRole('button', { name: 'Suspend Sam' }).click();
    await page.getByRole('dialog').getByText('signed out at once').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
    await page.getByRole('button', { name: 'Reactivate Sam' }).waitFor();

    await sam.goto(`${base}/app/codes`);
    await sam.waitForURL('**/app/sign-in?next=*');
    expect(await (await other.request.get(`${base}/app/api/v1/codes`)).status()).toBe(401);
    await other.close();
    await page.getByRole('button', { name: 'Reactivate Sam' }).click();
    await page.getByRole('button', { name: 'Suspend Sam' }).waitFor();
  });

  it('creates a webhook whose signing secret is shown once, with its delivery log', async () => {
    await page.goto(`${base}/app/settings`);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByText('No webhooks yet').waitFor();
    await d.visit('webhooks-empty');
    await page.getByLabel('Endpoint address').fill(`${base}/hook-receiver`);
    await page.getByLabel('Scans').check();
    await page.getByRole('button', { name: 'Create webhook' }).click();
    const secret = (await page.getByLabel('The new signing secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await d.visit('webhook-created');
    await page.getByRole('button', { name: 'Done' }).click();
    // The list already shows the subscription beside the secret: Done hides the secret.
    await page.getByText(secret).waitFor({ state: 'detached' });
    await page.locator('.list-title', { hasText: `${base}/hook-receiver` }).waitFor();
    await page.reload();
    await page.locator('.list-title', { hasText: `${base}/hook-receiver` }).waitFor();
    expect(await page.content()).not.toContain(secret);
    await page.getByText('Delivery log').click();
    await page.getByText('No deliveries yet').waitFor();
    await d.visit('webhooks');
  });

  it('logs a refused delivery with its status, and delivers it again on Retry once the endpoint works', async () => {
    await page.goto(`${base}/app/settings/webhooks`);
    await page.getByLabel('Endpoint address').fill(hook.url);
    await page.getByLabel('Scans').check();
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    const item = page.locator('.list-item', { hasText: hook.url });
    await item.waitFor();
    const hookId = (await d.call<{ id: string; url: string }[]>('GET', '/app/api/v1/hooks')).find((h) => h.url === hook.url)!.id;
    /** The delivery's outcome once recorded, which is after the endpoint has answered. */
    const outcome = async () => {
      const [delivery] = await d.call<{ status: string; lastStatus: number | null }[]>(
        'GET',
        `/app/api/v1/hooks/${hookId}/deliveries`,
      );
      return delivery && `${delivery.status} ${delivery.lastStatus}`;
    };
    const log = async () => {
      await page.reload();
      await item.getByText('Delivery log').click();
    };

    // The endpoint answers 410 Gone: the delivery fails for good and the subscription is turned off.
    hook.statuses = [410];
    const scan = await fetch(code.url, { redirect: 'manual', headers: { 'user-agent': IPHONE } });
    expect(scan.status).toBe(302);
    await expect.poll(outcome, { timeout: chromium.WAIT_MS }).toBe('failed 410');
    expect(hook.received).toHaveLength(1);
    await log();
    await item.getByRole('cell', { name: 'HTTP 410' }).waitFor();
    await item.getByText('failed', { exact: true }).waitFor();
    await d.visit('webhook-delivery-failed');

    // Fixed: Retry sends the same delivery again (same webhook-id) and it succeeds.
    hook.statuses = [200];
    await item.getByRole('button', { name: /^Retry/ }).click();
    await expect.poll(outcome, { timeout: chromium.WAIT_MS }).toBe('succeeded 200');
    expect(hook.received.map((r) => r.headers['webhook-id'])).toEqual([
      hook.received[0]!.headers['webhook-id'],
      hook.received[0]!.headers['webhook-id'],
    ]);
    await log();
    await item.getByText('succeeded', { exact: true }).waitFor();
    await item.getByRole('cell', { name: 'HTTP 200' }).waitFor();
    expect(await item.getByRole('button', { name: /Retry/ }).count()).toBe(0);
  });

  it('shows the plan with its allowance meter and rate limit', async () => {
    await page.goto(`${base}/app/settings`);
    await d.visit('settings');
    await page.getByRole('link', { name: 'Plan and usage' }).click();
    await page.getByRole('heading', { name: 'Plan: Enterprise' }).waitFor();
    expect(await page.getByLabel('API requests this month').getAttribute('max')).toBe('1000000');
    await page.getByText('600 requests a minute per API token').waitFor();
    await page.getByText('No custom domain').waitFor();
    await d.visit('plan');
  });

  it('shows a company with its own domain the DNS record to set, and its API calls on the allowance meter', async () => {
    // The operator makes a second company with a custom domain and hands its owner a password link.
    const env = { DATABASE_URL: `sqlite:${join(d.served.dir, 'qrelay.db')}`, PUBLIC_URL: base, GEOIP_DB: 'off' };
    const json = (args: string[]) => {
      const run = cli([...args, '--json'], env);
      expect(run.status, run.stderr).toBe(0);
      return JSON.parse(run.stdout);
    };
    const made = json([
      'account',
      'create',
      '--name',
      'Beta',
      '--plan',
      'starter',
      '--owner-email',
      'owner@beta.test',
      '--domain',
      'scan.spring-campaign-2026.beta.test',
    ]);
    const { token } = json(['token', 'create', '--account', made.account.id, '--scopes', 'codes:read']);
    for (let i = 0; i < 3; i++) {
      expect((await fetch(`${base}/api/v1/codes`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    }
    const { url } = json(['user', 'password-link', '--email', 'owner@beta.test', '--account', made.account.id]);

    const other = await d.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const beta = await other.newPage();
      await beta.goto(url);
      await beta.getByLabel('New password').fill(PASSWORD);
      await beta.getByLabel('Repeat the password').fill(PASSWORD);
      await beta.getByRole('button', { name: 'Set password and sign in' }).click();
      await beta.waitForURL('**/app/codes');
      await beta.goto(`${base}/app/settings/account`);
      await beta.getByRole('heading', { name: 'Plan: Starter' }).waitFor();
      const meter = beta.getByLabel('API requests this month');
      expect([await meter.getAttribute('value'), await meter.getAttribute('max')]).toEqual(['3', '10000']);
      await beta.getByText(/^3 of 10,000 used/).waitFor();
      await beta.getByText('60 requests a minute per API token').waitFor();
      // The service is reached by its address here, so the record is an A record to that address.
      const record = beta.getByRole('table', { name: 'The DNS record to set' });
      await record.getByRole('row', { name: /^A scan\.spring-campaign-2026\.beta\.test 127\.0\.0\.1/ }).waitFor();
      await chromium.auditAndShoot(beta, d.audits, 'plan-domain', 'data-plan-domain');
    } finally {
      await other.close();
    }
  });

  it('ran every page under its Content-Security-Policy without a refusal, and passes the accessibility audit', () => {
    expect(d.csp).toEqual([]);
    expect(Object.keys(d.audits).length).toBeGreaterThanOrEqual(14);
    expect(chromium.auditFindings(d.audits)).toEqual([]);
  });
});
