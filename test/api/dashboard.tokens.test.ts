import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser, signedInBrowser } from '../support/browser.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';

describeEach(STORES)('API tokens in the dashboard ($name)', (store) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(store);
  });
  afterAll(() => h.close());

  async function signedIn(role: 'owner' | 'member') {
    const tenant = await h.factory.tenant();
    const user = role === 'owner' ? tenant.owner : await h.factory.user(tenant.account.id, role);
    const browser = await signedInBrowser(h, { email: user.email, accountId: tenant.account.id });
    return { browser, tenant, user };
  }

  it('creates a token shown once that works on /api/v1, lists it with its last use, and revokes it', async () => {
    const { browser, tenant, user } = await signedIn('owner');
    const created = await browser.request({
      method: 'POST',
      url: '/app/api/tokens',
      payload: { name: 'Print shop', scopes: ['codes:read', 'analytics:read'] },
    });
    expect(created.statusCode).toBe(201);
    const { token, id } = created.json().data;
    expect(token).toMatch(/^qrelay1_[0-9A-Za-z]{32}$/);
    const me = await h.request({ method: 'GET', url: '/api/v1/me', token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      account: { id: tenant.account.id },
      user: { id: user.id },
      token: { id, scopes: ['codes:read', 'analytics:read'] },
    });

    const list = await browser.request({ method: 'GET', url: '/app/api/tokens' });
    const listed = list.json().data.find((t: { id: string }) => t.id === id);
    expect(listed).toMatchObject({ name: 'Print shop', revokedAt: null, lastUsedAt: expect.any(String) });
    expect(listed).not.toHaveProperty('token');

    const revoked = await browser.request({ method: 'DELETE', url: `/app/api/tokens/${id}` });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.revokedAt).toEqual(expect.any(String));
    expect((await h.request({ method: 'GET', url: '/api/v1/me', token })).statusCode).toBe(401);
  });

  it('offers and grants only the scopes the role allows', async () => {
    const { browser } = await signedIn('member');
    const state = (await browser.open()).json().data;
    expect(state.scopes).toContain('codes:read');
    expect(state.scopes).not.toContain('codes:write');
    const refused = await browser.request({ method: 'POST', url: '/app/api/tokens', payload: { scopes: ['codes:write'] } });
    expect(refused.statusCode).toBe(403);
    const allowed = await browser.request({ method: 'POST', url: '/app/api/tokens', payload: { scopes: ['codes:read'] } });
    expect(allowed.statusCode).toBe(201);
  });

  it("refuses an expiry in the past, and another person's token is not found", async () => {
    const { browser } = await signedIn('owner');
    const past = await browser.request({
      method: 'POST',
      url: '/app/api/tokens',
      payload: { scopes: ['codes:read'], expiresAt: new Date(h.clock.now() - 1000).toISOString() },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toContain('expiry');
    const other = await h.factory.tenant();
    const foreign = (await h.services.identity.tokens.authenticate(other.token))!.token.id;
    expect((await browser.request({ method: 'DELETE', url: `/app/api/tokens/${foreign}` })).statusCode).toBe(404);
    expect(await h.services.identity.tokens.authenticate(other.token)).not.toBeNull();
  });

  it('has no token routes under /api/v1: a token cannot mint tokens', async () => {
    const tenant = await h.factory.tenant();
    const response = await h.request({
      method: 'POST',
      url: '/api/v1/tokens',
      token: tenant.token,
      payload: { scopes: ['codes:read'] },
    });
    expect(response.statusCode).toBe(404);
  });

  it('needs a session: without one the token routes answer 401', async () => {
    const browser = new Browser(h);
    await browser.open();
    expect((await browser.request({ method: 'GET', url: '/app/api/tokens' })).statusCode).toBe(401);
  });
});
