import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditAndShoot, auditFindings, hasChromium, STORY_OPTIONS, STORY_TIMEOUT_MS } from '../support/chromium.js';
import { signedInDashboard, type SignedInDashboard } from '../support/dashboard-session.js';

const EMAIL = 'keyholder@acme.test';
const PASSWORD = 'a long and private passphrase';

/**
 * A person adds a passkey and signs in with it, in real headless Chromium with a virtual
 * authenticator (the DevTools protocol's WebAuthn domain stands in for a phone or a security key):
 * no password, no code. The same signed answer sent again is refused.
 */
describe.runIf(hasChromium)('passkeys in a browser', STORY_OPTIONS, () => {
  let d: SignedInDashboard;
  const visit = (name: string) => auditAndShoot(d.page, d.audits, name, `passkeys-${name}`);

  beforeAll(async () => {
    // WebAuthn needs a domain name for its relying party: the service is reached as localhost.
    d = await signedInDashboard(EMAIL, PASSWORD, {}, 'localhost');
    const cdp = await d.page.context().newCDPSession(d.page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
  }, STORY_TIMEOUT_MS);
  afterAll(async () => {
    await d?.close('axe-passkeys.json');
  });

  it('adds a passkey on the account page', async () => {
    const { page } = d;
    await page.goto(`${d.base}/app/account`);
    await page.getByLabel('Name of the new passkey (optional)').fill('Work laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Passkey “Work laptop” added.').waitFor();
    await page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem').filter({ hasText: 'Work laptop' }).waitFor();
    await visit('added');
  });

  it('signs in with the passkey alone, and refuses the same answer sent again', async () => {
    const { page } = d;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/app/sign-in');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    await visit('sign-in');
    const sent = page.waitForRequest((r) => r.url().endsWith('/app/api/session/passkey') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    const body = (await sent).postData() ?? '';
    await page.waitForURL('**/app/codes');

    const replayed = await page.evaluate(async (payload) => {
      const session = await (await fetch('/app/api/session')).json();
      const response = await fetch('/app/api/session/passkey', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.data.csrfToken },
        body: payload,
      });
      return { status: response.status, body: await response.json() };
    }, body);
    expect(replayed.status).toBe(400);
    expect(replayed.body.error.message).toBe('The passkey was not accepted. Try again, or sign in with your password.');

    await page.goto(`${d.base}/app/account`);
    await page
      .getByRole('list', { name: 'Your passkeys' })
      .getByText(/last used/)
      .waitFor();
    expect(auditFindings(d.audits)).toEqual([]);
  });
});
