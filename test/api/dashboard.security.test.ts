import { afterAll, beforeAll, expect, it } from 'vitest';
import { totpAt } from '../../src/identity/totp.js';
import { Browser, PASSWORD, signedInBrowser } from '../support/browser.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';

const STEP = 30_000;

describeEach(STORES)('one’s own security on the session surface ($name)', (store) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(store);
  });
  afterAll(() => h.close());

  const stepNow = () => Math.floor(h.clock.now() / STEP);
  const post = (browser: Browser, url: string, payload?: object) =>
    browser.request({ method: 'POST', url, ...(payload ? { payload } : {}) });

  async function member(role: 'member' | 'admin' = 'member') {
    const tenant = await h.factory.tenant();
    const user = await h.factory.user(tenant.account.id, role);
    return { tenant, user, browser: await signedInBrowser(h, { email: user.email, accountId: tenant.account.id }) };
  }

  it('lists the sessions with this one marked, and signs out the others', async () => {
    const { user, browser } = await member();
    const other = new Browser(h);
    expect((await other.signIn(user.email, PASSWORD)).statusCode).toBe(200);
    const list = await browser.request({ method: 'GET', url: '/app/api/me/sessions' });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .data.map((s: { current: boolean }) => s.current)
        .sort(),
    ).toEqual([false, true]);
    const ended = await post(browser, '/app/api/me/sessions/end-others');
    expect(ended.json()).toEqual({ data: { ended: 1 } });
    expect((await other.open()).json().data.user).toBeNull();
    expect((await browser.open()).json().data.user.id).toBe(user.id);
  });

  it('refuses a wrong current password beside the field, changing nothing', async () => {
    const { browser, user } = await member();
    const wrong = await post(browser, '/app/api/me/password', { current: 'not my password', password: 'a brand new one here' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'invalid_request', message: 'The current password is wrong.' });
    const fresh = new Browser(h);
    expect((await fresh.signIn(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('signs in with a second factor: the password alone opens nothing, a reused code is refused', async () => {
    const { browser, user } = await member();
    const started = await post(browser, '/app/api/me/two-factor/totp');
    expect(started.statusCode).toBe(200);
    const { secret } = started.json().data;
    const confirmed = await post(browser, '/app/api/me/two-factor/totp/confirm', { code: totpAt(secret, stepNow()) });
    expect(confirmed.json().data.recoveryCodes).toHaveLength(10);

    const phone = new Browser(h);
    const first = await phone.signIn(user.email, PASSWORD);
    expect(first.json().data).toMatchObject({ user: null, secondFactorPending: true });
    expect((await phone.request({ method: 'GET', url: '/app/api/v1/codes' })).statusCode).toBe(401);
    const reused = await post(phone, '/app/api/session/second-factor', { code: totpAt(secret, stepNow()) });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe('The code is wrong, expired or already used.');
    h.clock.advance(STEP);
    const done = await post(phone, '/app/api/session/second-factor', { code: totpAt(secret, stepNow()) });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ user: { id: user.id }, secondFactorPending: false, twoFactor: { enabled: true } });
    expect((await phone.request({ method: 'GET', url: '/app/api/v1/codes' })).statusCode).toBe(200);
  });

  it('limits second-factor attempts per person', async () => {
    const { browser, user } = await member();
    const { secret } = (await post(browser, '/app/api/me/two-factor/totp')).json().data;
    await post(browser, '/app/api/me/two-factor/totp/confirm', { code: totpAt(secret, stepNow()) });
    const phone = new Browser(h);
    await phone.signIn(user.email, PASSWORD);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await post(phone, '/app/api/session/second-factor', { code: '000000' })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('leads a person without a second factor to set one up once the owner requires it', async () => {
    const tenant = await h.factory.tenant();
    const owner = await signedInBrowser(h, { email: tenant.owner.email, accountId: tenant.account.id });
    const refused = await owner.request({ method: 'PUT', url: '/app/api/account/two-factor', payload: { required: true } });
    expect(refused.statusCode).toBe(400);
    const { secret } = (await post(owner, '/app/api/me/two-factor/totp')).json().data;
    await post(owner, '/app/api/me/two-factor/totp/confirm', { code: totpAt(secret, stepNow()) });
    const required = await owner.request({ method: 'PUT', url: '/app/api/account/two-factor', payload: { required: true } });
    expect(required.json()).toEqual({ data: { required: true } });

    const user = await h.factory.user(tenant.account.id, 'editor');
    const editor = await signedInBrowser(h, { email: user.email, accountId: tenant.account.id });
    expect((await editor.open()).json().data.twoFactor).toEqual({ enabled: false, required: true });
    const blocked = await editor.request({ method: 'GET', url: '/app/api/v1/codes' });
    expect(blocked.statusCode).toBe(403);
    expect((await editor.request({ method: 'GET', url: '/app/api/me/two-factor' })).json().data).toMatchObject({
      required: true,
    });
    const own = (await post(editor, '/app/api/me/two-factor/totp')).json().data;
    h.clock.advance(STEP);
    await post(editor, '/app/api/me/two-factor/totp/confirm', { code: totpAt(own.secret, stepNow()) });
    expect((await editor.request({ method: 'GET', url: '/app/api/v1/codes' })).statusCode).toBe(200);
  });

  it('answers the invitation link when no mail is sent, and says so in the session state', async () => {
    const { browser } = await member('admin');
    expect((await browser.open()).json().data.mailConfigured).toBe(false);
    const invited = await browser.request({
      method: 'POST',
      url: '/app/api/v1/users',
      payload: { email: 'handed.over@example.com', role: 'member' },
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().data.invitationUrl).toMatch(/^http:\/\/qrelay\.test\/app\/set-password\?token=[0-9A-Za-z]{43}$/);
    const link = await post(browser, `/app/api/users/${invited.json().data.id}/password-link`);
    expect(link.json().data).toMatchObject({ purpose: 'invitation', url: expect.stringContaining('/app/set-password?token=') });
  });

  it('confirms a new address through its link', async () => {
    const { browser, user } = await member();
    const asked = await post(browser, '/app/api/me/email', { password: PASSWORD, email: 'moved@example.com' });
    expect(asked.statusCode).toBe(200);
    const token = new URL(asked.json().data.url).searchParams.get('token');
    const anonymous = new Browser(h);
    await anonymous.open();
    const confirmed = await post(anonymous, '/app/api/email/confirm', { token });
    expect(confirmed.json()).toEqual({ data: { email: 'moved@example.com' } });
    expect((await browser.open()).json().data.user).toMatchObject({ id: user.id, email: 'moved@example.com' });
  });
});
