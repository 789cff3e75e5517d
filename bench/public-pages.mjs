// The first load of each public page of hosted content in headless Chromium: a form, a form with the
// proof-of-work widget, a landing page, a business card and the "not available" page, as a phone opens
// them for the first time (a fresh browser context each load: no cache, no cookies). Per page: the bytes
// on the wire (each response's encoded length with its headers, from the DevTools protocol: the document
// and every sub-resource), the requests made, and the median DOMContentLoaded and load times over the
// loads; then one axe-core audit (serious and critical findings) and full-page screenshots at 360 and
// 1280 px in test-output/screenshots/. Requests to other hosts (a page's video player) are refused, so
// only what qrelay serves is measured. Results also go to test-output/public-pages-first-load.json.
// Not part of `npm run bench`. Usage (after npm run build): node bench/public-pages.mjs [loads, default 9]
// Functions handed to page.evaluate run in the page, where these are defined.
/* global window, document */
import { cli as runCli } from './lib/cli.mjs';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { freePort, start, stop } from './lib/server.mjs';

const LOADS = Number(process.argv[2] ?? 9);
const ROOT = new URL('..', import.meta.url).pathname;
const OUT = join(ROOT, 'test-output');
const SHOTS = join(OUT, 'screenshots');
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const EMAIL = 'rosa@cafe.test';
const PASSWORD = 'a long enough password 1';

const dir = mkdtempSync(join(tmpdir(), 'qrelay-public-pages-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  DATABASE_URL: `sqlite:${join(dir, 'qrelay.db')}`,
  PUBLIC_URL: base,
  PORT: String(port),
  WORKERS: '1',
  GEOIP_DB: 'off',
  CHALLENGE_HMAC_KEY: randomBytes(32).toString('hex'),
};
const cli = (...args) => runCli(args, env, ROOT);

cli('account', 'create', '--name', 'Café Rosa', '--plan', 'business', '--owner-email', EMAIL);
const { url: passwordLink } = cli('user', 'password-link', '--email', EMAIL);
const server = await start(join(ROOT, 'dist/main.js'), env, port, null);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-dev-shm-usage'],
});

try {
  const pages = await makeContent();
  const results = {};
  for (const [name, url] of Object.entries(pages)) results[name] = await measure(url);
  for (const [name, url] of Object.entries(pages)) results[name].axe = await auditAndShoot(name, url);
  await extraShots(pages.form);
  const report = { loads: LOADS, loadAverage: loadavg()[0], chromium: browser.version(), pages: results };
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'public-pages-first-load.json'), JSON.stringify(report, null, 2));
  console.log(`${LOADS} loads each, Chromium ${browser.version()}, load average ${loadavg()[0].toFixed(2)}`);
  console.log('page          bytes  requests  DCL ms (median)  load ms (median)  axe serious+critical');
  for (const [name, r] of Object.entries(results)) {
    console.log(
      `${name.padEnd(12)} ${String(r.bytes).padStart(6)}  ${String(r.requests.length).padStart(8)}  ${String(r.domContentLoadedMs).padStart(15)}  ${String(r.loadMs).padStart(16)}  ${String(r.axe.length).padStart(20)}`,
    );
  }
} finally {
  await browser.close();
  await stop(server);
  rmSync(dir, { recursive: true, force: true });
}

/** The owner signs in through the one-time link, uploads a photo and makes the content over the session API. */
async function makeContent() {
  const page = await (await browser.newContext()).newPage();
  await page.goto(passwordLink);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await page.waitForURL('**/app/codes');
  // A photo-like 1200 × 800 JPEG (blurred noise compresses like a photograph).
  const noise = { width: 1200, height: 800, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 60 } };
  const photo = await sharp({ create: noise }).blur(6).jpeg({ quality: 80 }).toBuffer();
  const call = (method, path, body, file) =>
    page.evaluate(
      async ({ method, path, body, file }) => {
        const { data } = await (await fetch('/app/api/session')).json();
        const headers = { 'x-csrf-token': data.csrfToken };
        let payload;
        if (file) {
          payload = new FormData();
          payload.append('file', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), 'rosa.jpg');
          payload.append('name', 'Café front');
        } else {
          headers['content-type'] = 'application/json';
          payload = JSON.stringify(body);
        }
        const res = await fetch(path, { method, headers, body: payload });
        if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
        return (await res.json()).data;
      },
      { method, path, body, file: file ? [...file] : undefined },
    );
  const media = await call('POST', '/app/api/v1/media', undefined, photo);
  const form = await call('POST', '/app/api/v1/forms', {
    name: 'How was your meal?',
    colour: '#8a1c1c',
    fields: [
      { key: 'name', label: 'Your name', type: 'text', required: true },
      { key: 'email', label: 'E-mail', type: 'email', required: true },
      { key: 'dish', label: 'Dish', type: 'select', options: ['Soup', 'Pasta', 'Risotto'] },
      { key: 'stars', label: 'Stars', type: 'rating' },
      { key: 'visited', label: 'Date of your visit', type: 'date' },
      { key: 'notes', label: 'Anything else?', type: 'textarea' },
      { key: 'agree', label: 'You may contact me', type: 'checkbox' },
    ],
  });
  const landing = await call('POST', '/app/api/v1/pages', {
    name: 'Café Rosa',
    colour: '#f5b400',
    blocks: [
      { type: 'heading', text: 'Café Rosa' },
      { type: 'image', mediaId: media.id, alt: 'The café front on a sunny morning' },
      { type: 'text', text: 'Fresh bread every morning.\n\nCoffee roasted in town, cakes baked in the back.' },
      { type: 'button', label: 'Book a table', url: 'https://example.com/book' },
      { type: 'heading', text: 'Menus', level: 2 },
      {
        type: 'links',
        links: [
          { label: 'Breakfast', url: 'https://example.com/breakfast' },
          { label: 'Lunch', url: 'https://example.com/lunch' },
        ],
      },
      { type: 'video', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'A morning at Rosa' },
      {
        type: 'hours',
        slots: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({ day, opens: '08:00', closes: '18:00' })),
      },
      {
        type: 'social',
        links: [
          { network: 'instagram', url: 'https://instagram.com/caferosa' },
          { network: 'facebook', url: 'https://facebook.com/caferosa' },
        ],
      },
    ],
  });
  const card = await call('POST', '/app/api/v1/cards', {
    name: 'Rosa Díaz',
    title: 'Owner and chef',
    organisation: 'Café Rosa',
    photoMediaId: media.id,
    phones: [{ label: 'mobile', value: '+34 600 000 000' }],
    emails: [{ value: 'rosa@cafe.test' }],
    website: 'https://example.com',
    address: { street: 'Calle Mayor 1', locality: 'Madrid', postalCode: '28013', country: 'Spain' },
    social: [{ network: 'instagram', url: 'https://instagram.com/rosadiaz' }],
  });
  // The one public page with a script: the proof-of-work widget (ADR 0095), which solves when a field is focused.
  const guarded = await call('POST', '/app/api/v1/forms', {
    name: 'Join the waiting list',
    challenge: true,
    fields: [
      { key: 'name', label: 'Your name', type: 'text', required: true },
      { key: 'email', label: 'E-mail', type: 'email', required: true },
    ],
  });
  const gone = await call('POST', '/app/api/v1/pages', { name: 'Summer menu', status: 'draft' });
  await page.context().close();
  return { form: form.url, 'form+check': guarded.url, page: landing.url, card: card.url, unavailable: gone.url };
}

/** A fresh phone context, with requests to other hosts refused. */
async function phone(options = {}) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE,
    ...options,
  });
  await context.route(
    (url) => url.origin !== base,
    (route) => route.abort(),
  );
  return context;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** `LOADS` first loads of `url`: bytes and requests of the last, median times of all. */
async function measure(url) {
  const runs = [];
  for (let i = 0; i < LOADS; i += 1) {
    const context = await phone();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const requests = new Map();
    // A data: address (the date input's icon) is not fetched over the network.
    cdp.on('Network.responseReceived', (e) => {
      if (!e.response.url.startsWith('data:')) requests.set(e.requestId, { url: e.response.url, status: e.response.status });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.bytes = e.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByType('navigation')[0].loadEventEnd > 0);
    // Lazy images and frames below the fold load once scrolled to: a visitor reading the whole page.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    const timing = await page.evaluate(() => {
      const [nav] = performance.getEntriesByType('navigation');
      return { dcl: nav.domContentLoadedEventEnd - nav.startTime, load: nav.loadEventEnd - nav.startTime };
    });
    const list = [...requests.values()].map((r) => ({ url: r.url.replace(base, ''), status: r.status, bytes: r.bytes ?? 0 }));
    runs.push({ ...timing, list });
    await context.close();
  }
  const last = runs.at(-1).list;
  return {
    bytes: last.reduce((n, r) => n + r.bytes, 0),
    requests: last,
    domContentLoadedMs: Math.round(median(runs.map((r) => r.dcl)) * 10) / 10,
    loadMs: Math.round(median(runs.map((r) => r.load)) * 10) / 10,
    loadsMs: runs.map((r) => Math.round(r.load * 10) / 10),
  };
}

/** axe-core's serious and critical findings (the CSP is bypassed only so axe can be injected), and the screenshots. */
async function auditAndShoot(name, url) {
  const context = await phone({ bypassCSP: true });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  const findings = await axe(page);
  await shoot(page, `public-${name}`);
  await context.close();
  return findings;
}

async function axe(page) {
  await page.evaluate(AXE);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

async function shoot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

/** The form refused (messages beside the fields), its thank-you page, and the form in dark mode. */
async function extraShots(formUrl) {
  const context = await phone({ bypassCSP: true });
  const page = await context.newPage();
  await page.goto(formUrl);
  await page.getByLabel('Your name (required)').fill('Ann');
  await page.getByLabel('E-mail (required)').fill('not an address');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByText('Please enter an e-mail address, like name@example.com.').first().waitFor();
  const refused = await axe(page);
  await shoot(page, 'public-form-refused');
  await page.getByLabel('E-mail (required)').fill('ann@example.com');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('status').waitFor();
  const thanks = await axe(page);
  await shoot(page, 'public-form-thanks');
  await context.close();
  const dark = await phone({ colorScheme: 'dark', bypassCSP: true });
  const darkPage = await dark.newPage();
  await darkPage.goto(formUrl);
  const darkFindings = await axe(darkPage);
  await shoot(darkPage, 'public-form-dark');
  await dark.close();
  console.log(
    `axe serious+critical: form refused ${refused.length}, thank-you ${thanks.length}, form in dark mode ${darkFindings.length}`,
  );
  for (const f of [...refused, ...thanks, ...darkFindings])
    console.log(`  ${f.id} (${f.impact}) ${f.help}: ${f.targets.join(', ')}`);
}
