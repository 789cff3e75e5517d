import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerOf } from '../support/actors.js';
import { Browser, PASSWORD, setCookies } from '../support/browser.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';
import { OPERATOR, person } from '../../src/platform/authz/roles.policy.js';

describeEach(STORES)('dashboard sessions ($name)', (store) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(store);
  });
  afterAll(() => h.close());

  /** A person of a fresh account with a password set, and a browser signed in as them. */
  async function signedInBrowser(role: 'owner' | 'member' | 'editor' | 'admin' = 'owner', plan = 'business') {
    const tenant = await h.factory.tenant({ plan });
    const user = role === 'owner' ? tenant.owner : await h.factory.user(tenant.account.id, role);
    if (role === 'owner') {
      const { url } = await h.services.identity.passwords.linkFor(OPERATOR, { email: user.email, accountId: tenant.account.id });
      await h.services.identity.passwords.resetPassword({ token: new URL(url).searchParams.get('token')!, password: PASSWORD });
    } else {
      await h.services.identity.passwords.resetPassword({ token: await h.factory.mailedSecret(user.email), password: PASSWORD });
    }
    const browser = new Browser(h);
    const response = await browser.signIn(user.email, PASSWORD);
    expect(response.statusCode).toBe(200);
    return { browser, user, tenant };
  }

  it('sets the session cookie HttpOnly, SameSite=Lax, only under /app, and not Secure over http', async () => {
    const { tenant } = await signedInBrowser();
    const browser = new Browser(h);
    const opened = await browser.open();
    const csrf = setCookies(opened).find((c) => c.name === 'qrelay_csrf');
    expect(csrf?.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/app' });
    const response = await browser.signIn(tenant.owner.email, PASSWORD);
    expect(response.statusCode).toBe(200);
    const session = setCookies(response).find((c) => c.name === 'qrelay_session');
    expect(session?.value).toMatch(/^[0-9A-Za-z]{43}$/);
    expect(session?.attributes).toMatchObject({
      httponly: true,
      samesite: 'Lax',
      path: '/app',
      'max-age': String(30 * 24 * 3600),
    });
    expect(session?.attributes.secure).toBeUndefined();
    expect(response.json().data).toMatchObject({
      user: { email: tenant.owner.email, role: 'owner' },
      account: { id: tenant.account.id, plan: 'business' },
    });
    expect(response.json().data.scopes).toContain('team:write');
  });

  it('reaches the v1 services under /app/api/v1 as the signed-in person, within their role', async () => {
    const { browser, tenant } = await signedInBrowser('member');
    await h.factory.code(tenant.account.id, { name: 'Poster' });
    const list = await browser.request({ method: 'GET', url: '/app/api/v1/codes' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((c: { name: string }) => c.name)).toEqual(['Poster']);
    const create = await browser.request({
      method: 'POST',
      url: '/app/api/v1/codes',
      payload: { name: 'x', url: 'https://example.com' },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().error.code).toBe('forbidden');
    const other = await h.factory.tenant();
    const foreign = await h.factory.code(other.account.id);
    expect((await browser.request({ method: 'GET', url: `/app/api/v1/codes/${foreign.id}` })).statusCode).toBe(404);
  });

  it('refuses every state change without a valid CSRF token, signed in or not', async () => {
    const { browser, tenant } = await signedInBrowser('editor');
    const body = { name: 'Refused', url: 'https://example.com' };
    const without = await browser.request({ method: 'POST', url: '/app/api/v1/codes', payload: body, csrf: false });
    expect(without.statusCode).toBe(403);
    expect(without.json().error).toMatchObject({ code: 'forbidden', message: expect.stringContaining('CSRF') });
    const stranger = new Browser(h);
    await stranger.open();
    const foreignToken = await browser.request({
      method: 'POST',
      url: '/app/api/v1/codes',
      payload: body,
      csrf: false,
      headers: { 'x-csrf-token': stranger.csrfToken },
    });
    expect(foreignToken.statusCode).toBe(403);
    expect(await h.services.catalog.codes.list(ownerOf(tenant), { limit: 10, offset: 0 })).toHaveLength(0);
    const fresh = new Browser(h);
    const signIn = await fresh.request({
      method: 'POST',
      url: '/app/api/session',
      payload: { email: 'a@b.test', password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(403);
    const allowed = await browser.request({ method: 'POST', url: '/app/api/v1/codes', payload: body });
    expect(allowed.statusCode).toBe(201);
  });

  it("ends a suspended person's session at the next request", async () => {
    const { browser, user, tenant } = await signedInBrowser('editor');
    expect((await browser.request({ method: 'GET', url: '/app/api/v1/codes' })).statusCode).toBe(200);
    await h.services.identity.users.update(person(tenant.account.id, tenant.owner.id, 'owner'), user.id, {
      status: 'suspended',
    });
    const after = await browser.request({ method: 'GET', url: '/app/api/v1/codes' });
    expect(after.statusCode).toBe(401);
    expect((await browser.open()).json().data.user).toBeNull();
  });

  it('keeps /api/v1 Bearer-only: the session cookie is refused there', async () => {
    const { browser } = await signedInBrowser();
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const me = await h.request({ method: 'GET', url: '/api/v1/me', headers: { cookie, 'x-csrf-token': browser.csrfToken } });
    expect(me.statusCode).toBe(401);
    expect(me.headers['www-authenticate']).toBe('Bearer');
  });

  it('spends none of the monthly allowance and works on every plan', async () => {
    const { browser, tenant } = await signedInBrowser('owner', 'free');
    for (let i = 0; i < 3; i += 1)
      expect((await browser.request({ method: 'GET', url: '/app/api/v1/codes' })).statusCode).toBe(200);
    const starter = await signedInBrowser('owner', 'starter');
    for (let i = 0; i < 3; i += 1) await starter.browser.request({ method: 'GET', url: '/app/api/v1/codes' });
    const me = await h.request({ method: 'GET', url: '/api/v1/me', token: starter.tenant.token });
    expect(me.json().data.allowance.remaining).toBe(10_000);
    expect(tenant.account.plan).toBe('free');
  });

  it('signs out: the cookie is cleared and the old secret no longer works', async () => {
    const { browser } = await signedInBrowser();
    const secret = browser.cookies.get('qrelay_session')!;
    const out = await browser.request({ method: 'DELETE', url: '/app/api/session' });
    expect(out.statusCode).toBe(204);
    expect(browser.cookies.has('qrelay_session')).toBe(false);
    expect(await h.services.identity.sessions.authenticate(secret)).toBeNull();
  });

  it('gives the same answer for an unknown address and a wrong password', async () => {
    const { tenant } = await signedInBrowser();
    const browser = new Browser(h);
    const wrong = await browser.signIn(tenant.owner.email, 'not the password at all');
    const unknown = await browser.signIn('nobody@example.com', PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('limits sign-in attempts per address, whoever tries', async () => {
    const { tenant } = await signedInBrowser(); // the first of ten attempts this minute
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const browser = new Browser(h);
      statuses.push((await browser.signIn(tenant.owner.email, i === 9 ? PASSWORD : 'wrong password here')).statusCode);
    }
    expect(statuses.slice(0, 9).every((s) => s === 401)).toBe(true);
    expect(statuses[9]).toBe(429);
    h.clock.advance(60_000);
    expect((await new Browser(h).signIn(tenant.owner.email, PASSWORD)).statusCode).toBe(200);
  });

  it('limits sign-in attempts per client, whatever the address', async () => {
    const browser = new Browser(h);
    await browser.open();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const response = await browser.request({
        method: 'POST',
        url: '/app/api/session',
        payload: { email: `guess${i}@example.com`, password: 'wrong password here' },
        remoteAddress: '203.0.113.77',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    const other = new Browser(h);
    await other.open();
    const elsewhere = await other.request({
      method: 'POST',
      url: '/app/api/session',
      payload: { email: 'guess@example.com', password: 'wrong password here' },
      remoteAddress: '198.51.100.9',
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('sets a password through a one-time link and signs the person in', async () => {
    const tenant = await h.factory.tenant();
    const member = await h.factory.user(tenant.account.id, 'member');
    const browser = new Browser(h);
    await browser.open();
    const token = await h.factory.mailedSecret(member.email);
    const set = await browser.request({ method: 'POST', url: '/app/api/password', payload: { token, password: PASSWORD } });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.user).toMatchObject({ id: member.id, role: 'member' });
    expect(set.json().data.scopes).not.toContain('codes:write');
    const again = await browser.request({ method: 'POST', url: '/app/api/password', payload: { token, password: PASSWORD } });
    expect(again.statusCode).toBe(400);
  });

  it('answers a forgotten-password request alike for known and unknown addresses', async () => {
    const { tenant } = await signedInBrowser();
    const browser = new Browser(h);
    await browser.open();
    const known = await browser.request({
      method: 'POST',
      url: '/app/api/password/forgot',
      payload: { email: tenant.owner.email },
    });
    const unknown = await browser.request({
      method: 'POST',
      url: '/app/api/password/forgot',
      payload: { email: 'nobody@example.com' },
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    const [mail] = await h.services.platform.mail.list({ to: tenant.owner.email, limit: 1 });
    expect(mail?.text).toContain('http://qrelay.test/app/set-password?token=');
  });
});

describe('dashboard cookies over https', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(STORES[0]!, { env: { PUBLIC_URL: 'https://qr.example.test' } });
  });
  afterAll(() => h.close());

  it('marks both cookies Secure', async () => {
    const tenant = await h.factory.tenant();
    const { url } = await h.services.identity.passwords.linkFor(OPERATOR, { email: tenant.owner.email });
    await h.services.identity.passwords.resetPassword({ token: new URL(url).searchParams.get('token')!, password: PASSWORD });
    const browser = new Browser(h);
    const opened = await browser.open();
    expect(setCookies(opened).find((c) => c.name === 'qrelay_csrf')?.attributes.secure).toBe(true);
    const signedIn = await browser.signIn(tenant.owner.email, PASSWORD);
    expect(setCookies(signedIn).find((c) => c.name === 'qrelay_session')?.attributes.secure).toBe(true);
  });
});
