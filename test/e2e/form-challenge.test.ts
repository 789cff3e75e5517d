/// <reference lib="dom" />
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasChromium,
  launch,
  OUTPUT,
  screenshots,
  seriousViolations,
  STORY_OPTIONS,
  STORY_TIMEOUT_MS,
  watchCsp,
} from '../support/chromium.js';
import { startContentServer, type ContentServer } from '../support/content-server.js';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

/**
 * A form with the proof-of-work challenge on, in real headless Chromium against the built server and
 * under the page's own CSP: the widget served by qrelay solves the challenge, the form is sent, stored.
 */
describe.runIf(hasChromium)('a form with the proof-of-work challenge in a browser', STORY_OPTIONS, () => {
  let served: ContentServer;
  let base: string;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    served = await startContentServer('forms:read,forms:write', { CHALLENGE_HMAC_KEY: 'e2e-challenge-key-0123456789abcdef' });
    ({ base, token } = served);
    browser = await launch();
  }, STORY_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });

  it('a person opens the form, the widget solves its challenge, and the form is sent and stored', async () => {
    const created = await fetch(`${base}/api/v1/forms`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Join the waiting list',
        colour: '#1c5a8a',
        challenge: true,
        fields: [
          { key: 'name', label: 'Your name', type: 'text', required: true },
          { key: 'email', label: 'E-mail', type: 'email', required: true },
        ],
      }),
    });
    expect(created.status).toBe(201);
    const form = ((await created.json()) as { data: { id: string; url: string } }).data;

    const page = await browser.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, userAgent: PHONE });
    const refused = watchCsp(page);
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(base) && !request.url().startsWith('blob:') && !request.url().startsWith('data:'))
        outside.push(request.url());
    });
    await page.goto(form.url, { waitUntil: 'load' });
    await page.locator('altcha-widget').waitFor();
    await page.getByLabel('Your name').fill('Ann');
    await page.getByLabel('E-mail').fill('ann@example.com');
    // The widget starts on focus, and fills its field once the work is done.
    await page.waitForFunction(() => (document.querySelector('input[name="altcha"]') as HTMLInputElement | null)?.value, null, {
      timeout: 60_000,
    });
    const audit = await seriousViolations(page);
    await screenshots(page, 'content-form-challenge');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Thank you: your answers have been sent.').waitFor();

    const listed = await fetch(`${base}/api/v1/submissions?formId=${form.id}`, { headers: { authorization: `Bearer ${token}` } });
    const answers = ((await listed.json()) as { data: { answers: Record<string, unknown> }[] }).data.map((s) => s.answers);
    expect(answers).toEqual([{ name: 'Ann', email: 'ann@example.com' }]);
    mkdirSync(OUTPUT, { recursive: true });
    writeFileSync(join(OUTPUT, 'form-challenge-axe.json'), JSON.stringify(audit, null, 2));
    expect(audit).toEqual([]);
    expect(refused).toEqual([]);
    expect(outside).toEqual([]);
  });
});
