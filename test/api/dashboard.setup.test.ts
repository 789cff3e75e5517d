import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser, PASSWORD } from '../support/browser.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';

describeEach(STORES)('first run ($name)', (store) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(store);
  });
  afterAll(() => h.close());

  it('creates the first account and its owner once, with the logged secret, and signs them in', async () => {
    const browser = new Browser(h);
    expect((await browser.open()).json().data.setupPending).toBe(false);
    const secret = await h.services.identity.setup.open();
    expect(secret).toMatch(/^[0-9A-Za-z]{43}$/);
    expect((await browser.open()).json().data.setupPending).toBe(true);

    const body = { token: secret!, accountName: 'Acme', email: 'Boss@Acme.test', password: PASSWORD };
    const wrong = await browser.request({ method: 'POST', url: '/app/api/setup', payload: { ...body, token: 'A'.repeat(43) } });
    expect(wrong.statusCode).toBe(400);
    const weak = await browser.request({ method: 'POST', url: '/app/api/setup', payload: { ...body, password: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toContain('password');

    const done = await browser.request({ method: 'POST', url: '/app/api/setup', payload: body });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({
      user: { email: 'boss@acme.test', role: 'owner' },
      account: { name: 'Acme', plan: 'enterprise' },
      setupPending: false,
    });
    expect((await browser.request({ method: 'GET', url: '/app/api/v1/codes' })).statusCode).toBe(200);

    const again = await new Browser(h).open();
    expect(again.json().data.setupPending).toBe(false);
    const reuse = await browser.request({ method: 'POST', url: '/app/api/setup', payload: { ...body, accountName: 'Other' } });
    expect(reuse.statusCode).toBe(400);
    expect(await h.services.identity.setup.open()).toBeNull();
  });
});
