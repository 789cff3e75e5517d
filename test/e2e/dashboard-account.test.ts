import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpAt } from '../../src/identity/totp.js';
import { auditAndShoot, auditFindings, hasChromium, STORY_OPTIONS, STORY_TIMEOUT_MS, WAIT_MS } from '../support/chromium.js';
import { signedInDashboard, type SignedInDashboard } from '../support/dashboard-session.js';

const EMAIL = 'owner@acme.test';
const PASSWORD = 'a long and private passphrase';
const NEW_PASSWORD = 'another long private phrase';
const STEP = 30_000;

const stepNow = () => Math.floor(Date.now() / STEP);

/**
 * An owner looks after their own account in real headless Chromium: a wrong current password is
 * refused beside the field, the password changes, an authenticator app is enrolled from its QR symbol's
 * key, two factors become the rule for everybody, an invitation is handed over as a link (this server
 * sends no mail), signing in again asks for a code (a reused one is refused), the invited person is led
 * to set up their own, the address changes through a copied link, and other sessions are signed out.
 */
describe.runIf(hasChromium)('one’s own account in a browser', STORY_OPTIONS, () => {
  let d: SignedInDashboard;
  let secret = '';
  let lastStep = 0;
  const visit = (name: string, page?: Page) => auditAndShoot(page ?? d.page, d.audits, name, `account-${name}`);

  beforeAll(async () => {
    d = await signedInDashboard(EMAIL, PASSWORD);
  }, STORY_TIMEOUT_MS);
  afterAll(async () => {
    await d?.close('axe-account.json');
  });

  /** A code for a time step not used yet (waiting for the next one when the current step was spent). */
  async function freshCode(): Promise<string> {
    while (stepNow() <= lastStep) await new Promise((resolve) => setTimeout(resolve, 500));
    lastStep = stepNow();
    return totpAt(secret, lastStep);
  }

  it('refuses a wrong current password beside the field, then changes the password', async () => {
    const { page } = d;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your account' }).click();
    await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Where you are signed in' }).waitFor();
    await page.getByText('This browser').waitFor();
    await visit('page');

    await page.getByLabel('Current password').fill('not my password at all');
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    const wrong = page.getByLabel('Current password');
    await page.getByText('The current password is wrong.').waitFor();
    expect(await wrong.getAttribute('aria-invalid')).toBe('true');
    await visit('password-wrong');
    // The same page in dark mode: the field's error and the sessions keep their contrast.
    await page.emulateMedia({ colorScheme: 'dark' });
    await visit('password-wrong-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await wrong.fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed.').waitFor();
  });

  it('enrols an authenticator app and shows ten recovery codes once', async () => {
    const { page } = d;
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await page.getByRole('img', { name: 'QR symbol to scan with your authenticator app' }).waitFor();
    secret = (await page.locator('.totp-key').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await visit('totp-enrol');
    await page.getByLabel('Code from the app').fill('123456');
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await page.getByText('The code is wrong, expired or already used.').waitFor();
    await page.getByLabel('Code from the app').fill(await freshCode());
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await visit('recovery-codes');
    await page.emulateMedia({ colorScheme: 'dark' });
    await visit('recovery-codes-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('10 of 10 recovery codes left').waitFor();
  });

  it('requires two factors of everybody, and hands an invitation over as a link', async () => {
    const { page } = d;
    await page.getByRole('button', { name: 'Require two-factor sign-in' }).click();
    await page.getByRole('button', { name: 'Make it optional' }).waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
    await page.getByText('This server sends no mail.').waitFor();
    await page.getByLabel('E-mail address').fill('marketer@acme.test');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const link = page.getByLabel('The invitation link');
    await link.waitFor();
    const url = await link.innerText();
    expect(url).toMatch(/\/app\/set-password\?token=[0-9A-Za-z]{43}$/);
    await visit('team-invitation-link');

    // The marketer follows the link in a browser of their own and is led to set up two factors first.
    const context = await d.browser.newContext({ viewport: { width: 390, height: 844 } });
    const marketer = await context.newPage();
    await marketer.goto(url);
    await marketer.getByLabel('New password').fill('the marketer’s own passphrase');
    await marketer.getByLabel('Repeat the password').fill('the marketer’s own passphrase');
    await marketer.getByRole('button', { name: 'Set password and sign in' }).click();
    await marketer.waitForURL('**/app/account');
    await marketer.getByText(/Your account requires two-factor sign-in\./).waitFor({ timeout: WAIT_MS });
    await marketer.goto(`${d.base}/app/codes`);
    await marketer.waitForURL('**/app/account');
    await visit('enrol-required', marketer);
    await context.close();
  });

  it('asks for a code after the password, refusing a reused one beside the field', async () => {
    const { page } = d;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/app/sign-in');
    await page.getByLabel('E-mail address').fill(EMAIL);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const field = page.getByLabel('Code from your authenticator app');
    await field.waitFor();
    await visit('second-factor');
    await field.fill(totpAt(secret, lastStep));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('The code is wrong, expired or already used.').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await visit('second-factor-reused');
    await field.fill(await freshCode());
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/app/codes');
  });

  it('changes the address through a copied link, and signs out the other sessions', async () => {
    const { page } = d;
    await page.goto(`${d.base}/app/account`);
    await page.getByLabel('New e-mail address').fill('owner@brand.test');
    await page.getByLabel('Your password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change address' }).click();
    const link = page.getByLabel('The confirmation link');
    await link.waitFor();
    const url = await link.innerText();
    await visit('email-link');
    await page.goto(url);
    await page.getByRole('button', { name: 'Confirm the new address' }).click();
    await page.getByText('you now sign in with owner@brand.test').waitFor();
    await visit('email-confirmed');

    // A second browser signs in (password and code); the first signs it out.
    const context = await d.browser.newContext({ viewport: { width: 390, height: 844 } });
    const laptop = await context.newPage();
    await laptop.goto(`${d.base}/app/sign-in`);
    await laptop.getByLabel('E-mail address').fill('owner@brand.test');
    await laptop.getByLabel('Password').fill(NEW_PASSWORD);
    await laptop.getByRole('button', { name: 'Sign in', exact: true }).click();
    await laptop.getByLabel('Code from your authenticator app').fill(await freshCode());
    await laptop.getByRole('button', { name: 'Sign in', exact: true }).click();
    await laptop.waitForURL('**/app/codes');

    await page.goto(`${d.base}/app/account`);
    await page.getByRole('button', { name: 'Sign out everywhere else' }).waitFor();
    await visit('sessions');
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await page.getByText('Signed out of 1 other session.').waitFor();
    await laptop.goto(`${d.base}/app/account`);
    await laptop.waitForURL('**/app/sign-in**');
    await context.close();
    expect(auditFindings(d.audits)).toEqual([]);
  });
});
