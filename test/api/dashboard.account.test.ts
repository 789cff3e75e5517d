import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInBrowser } from '../support/browser.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';

describeEach(STORES)('the account settings in the dashboard ($name)', (store) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(store);
  });
  afterAll(() => h.close());

  it('shows the plan, the allowance used by API calls, the rate and the custom domain with its DNS record', async () => {
    const { account, token } = await h.factory.tenant({ plan: 'starter', domain: 'go.acme.test', ratePerMinute: 90 });
    const member = await h.factory.user(account.id, 'member');
    const browser = await signedInBrowser(h, { email: member.email, accountId: account.id });
    for (let i = 0; i < 3; i++) expect((await h.request({ method: 'GET', url: '/api/v1/codes', token })).statusCode).toBe(200);
    // Dashboard requests do not spend the allowance, reading the settings included.
    await browser.request({ method: 'GET', url: '/app/api/v1/codes' });
    const res = await browser.request({ method: 'GET', url: '/app/api/account' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      plan: 'starter',
      apiAccess: true,
      webhooks: false,
      allowance: { limit: 10_000, used: 3, resetsAt: expect.stringMatching(/^\d{4}-\d{2}-01T00:00:00\.000Z$/) },
      ratePerMinute: 90,
      maxCodes: 100,
      domain: {
        host: 'go.acme.test',
        record: { type: 'CNAME', name: 'go.acme.test', value: `${new URL(h.config.publicUrl).hostname}.` },
      },
      timezone: 'UTC',
    });
  });

  it('shows no domain when none is set, and refuses a visitor without a session', async () => {
    const { account, owner } = await h.factory.tenant({ plan: 'free' });
    const browser = await signedInBrowser(h, { email: owner.email, accountId: account.id });
    const data = (await browser.request({ method: 'GET', url: '/app/api/account' })).json().data;
    expect(data).toMatchObject({ plan: 'free', apiAccess: false, allowance: { limit: 0, used: 0 }, domain: null });
    // The zone an owner set is the one the settings show.
    const set = await browser.request({
      method: 'PATCH',
      url: '/app/api/v1/me/account',
      payload: { timezone: 'Asia/Kathmandu' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await browser.request({ method: 'GET', url: '/app/api/account' })).json().data.timezone).toBe('Asia/Kathmandu');
    const anonymous = await h.app.inject({ method: 'GET', url: '/app/api/account' });
    expect(anonymous.statusCode).toBe(401);
  });
});
