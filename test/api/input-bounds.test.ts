import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';

/** Inputs past what a store can hold are refused with 400 before they reach it, on both stores alike. */
describeEach(STORES)('input bounds ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant({ plan: 'enterprise' });
    await h.factory.code(t.account.id);
  });
  afterAll(() => h.close());

  const get = (url: string) => h.request({ method: 'GET', url, token: t.token });

  it('refuses an offset past its maximum on every list with 400 invalid_request', async () => {
    for (const list of ['codes', 'links', 'users']) {
      for (const offset of ['9223372036854775807', '99999999999999999999', '1e400', '2147483648']) {
        const res = await get(`/api/v1/${list}?offset=${offset}`);
        expect(res.statusCode, `${list} ${offset}`).toBe(400);
        expect(res.json().error.code).toBe('invalid_request');
        expect(res.json().error.message).toContain('offset');
      }
      const last = await get(`/api/v1/${list}?offset=2147483647`);
      expect(last.statusCode, list).toBe(200);
      expect(last.json().data).toEqual([]);
    }
  });
});
