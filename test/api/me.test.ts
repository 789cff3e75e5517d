import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';

describeEach(STORES)('GET /me ($name)', (store) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(store);
  });
  afterAll(() => h.close());

  it('returns the account, the token, the allowance and the rate with no scope needed', async () => {
    const { account } = await h.factory.tenant({ plan: 'starter', name: 'Acme' });
    const token = await h.factory.token(account.id, ['links:read'], { name: 'zapier' });
    const res = await h.request({ method: 'GET', url: '/api/v1/me', token });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.account).toEqual({ id: account.id, name: 'Acme', plan: 'starter' });
    expect(data.token).toMatchObject({ name: 'zapier', scopes: ['links:read'], expiresAt: null });
    expect(data.allowance).toEqual({ limit: 10_000, remaining: 10_000, resetsAt: '2026-02-01T00:00:00.000Z' });
    expect(data.rateLimit).toMatchObject({ limit: 60, remaining: 59 });
    expect(res.headers['ratelimit-limit']).toBe('60');
    expect(res.headers['quota-limit']).toBe('10000');
  });

  it('works on the free plan, which has no other API access', async () => {
    const { token } = await h.factory.tenant({ plan: 'free' });
    const res = await h.request({ method: 'GET', url: '/api/v1/me', token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.account.plan).toBe('free');
    expect(res.headers['quota-limit']).toBeUndefined();
    expect(res.headers['ratelimit-limit']).toBe('60');
  });
});
