import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInBrowser, type Browser } from '../support/browser.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';

describeEach(STORES)('the team in the dashboard ($name)', (store) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(store);
  });
  afterAll(() => h.close());

  async function signedIn(role: 'admin' | 'editor') {
    const tenant = await h.factory.tenant();
    const user = await h.factory.user(tenant.account.id, role);
    const browser = await signedInBrowser(h, { email: user.email, accountId: tenant.account.id });
    return { browser, tenant, user };
  }

  const users = (browser: Browser, method: 'POST' | 'PATCH' | 'DELETE', id?: string, payload?: object) =>
    browser.request({ method, url: `/app/api/v1/users${id ? `/${id}` : ''}`, ...(payload ? { payload } : {}) });

  it('lets an admin invite, change and suspend a member, and promote one to admin', async () => {
    const { browser } = await signedIn('admin');
    const state = (await browser.open()).json().data;
    expect(state.permissions).toContain('team:manage');

    const invited = await users(browser, 'POST', undefined, { email: 'new.member@example.com', role: 'member' });
    expect(invited.statusCode).toBe(201);
    const { id } = invited.json().data;

    const changed = await users(browser, 'PATCH', id, { role: 'editor', name: 'New Member' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ role: 'editor', name: 'New Member' });

    const promoted = await users(browser, 'PATCH', id, { role: 'admin' });
    expect(promoted.statusCode).toBe(200);

    const suspended = await users(browser, 'DELETE', id);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().data.status).toBe('suspended');
  });

  it('never lets an admin touch an owner, make anybody an owner or change their own role', async () => {
    const { browser, tenant, user } = await signedIn('admin');
    const member = await h.factory.user(tenant.account.id, 'member');
    for (const refused of [
      await users(browser, 'PATCH', tenant.owner.id, { name: 'Renamed' }),
      await users(browser, 'PATCH', tenant.owner.id, { status: 'suspended' }),
      await users(browser, 'DELETE', tenant.owner.id),
      await users(browser, 'PATCH', member.id, { role: 'owner' }),
      await users(browser, 'POST', undefined, { email: 'would.be.owner@example.com', role: 'owner' }),
      await users(browser, 'PATCH', user.id, { role: 'member' }),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('forbidden');
    }
    const owner = await browser.request({ method: 'GET', url: `/app/api/v1/users/${tenant.owner.id}` });
    expect(owner.json().data).toMatchObject({ role: 'owner', status: 'active', name: tenant.owner.name });
  });

  it('still refuses an admin an API token that manages the team', async () => {
    const { browser } = await signedIn('admin');
    const state = (await browser.open()).json().data;
    expect(state.scopes).not.toContain('team:write');
    const refused = await browser.request({ method: 'POST', url: '/app/api/tokens', payload: { scopes: ['team:write'] } });
    expect(refused.statusCode).toBe(403);
  });

  it('lets an editor see the team but not change it', async () => {
    const { browser, tenant } = await signedIn('editor');
    const member = await h.factory.user(tenant.account.id, 'member');
    expect((await browser.open()).json().data.permissions).not.toContain('team:manage');
    expect((await browser.request({ method: 'GET', url: '/app/api/v1/users' })).statusCode).toBe(200);
    for (const refused of [
      await users(browser, 'POST', undefined, { email: 'not.invited@example.com', role: 'member' }),
      await users(browser, 'PATCH', member.id, { role: 'editor' }),
      await users(browser, 'DELETE', member.id),
    ]) {
      expect(refused.statusCode).toBe(403);
    }
    const unchanged = await browser.request({ method: 'GET', url: `/app/api/v1/users/${member.id}` });
    expect(unchanged.json().data).toMatchObject({ role: 'member', status: 'active' });
  });
});
