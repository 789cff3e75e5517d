import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';

/** On a metered plan every answer carries Quota-Limit and Quota-Remaining, refusals included. */
describeEach(STORES)('quota headers on refusals ($name)', (store) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(store);
  });
  afterAll(() => h.close());

  it('are on 403 (no webhooks, missing scope), 404, 400 and 429 answers, and a refusal spends nothing', async () => {
    const t = await h.factory.tenant({ plan: 'starter', ratePerMinute: 4, monthlyAllowance: 1000 });
    const narrow = await h.factory.token(t.account.id, ['links:read']);
    const answers = [
      await h.request({ method: 'POST', url: '/api/v1/hooks', token: t.token, payload: { url: 'https://example.com/hook' } }),
      await h.request({ method: 'GET', url: '/api/v1/codes', token: narrow }),
      await h.request({ method: 'GET', url: '/api/v1/nothing', token: narrow }),
      await h.request({ method: 'GET', url: '/api/v1/links?limit=0', token: narrow }),
      await h.request({ method: 'GET', url: '/api/v1/links', token: narrow }),
      await h.request({ method: 'GET', url: '/api/v1/links', token: narrow }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 404, 400, 200, 429]);
    for (const [i, answer] of answers.entries()) {
      expect(answer.headers['quota-limit'], `answer ${i}`).toBe('1000');
      expect(answer.headers['quota-remaining'], `answer ${i}`).toBeDefined();
    }
    // The webhook refusal, the 400 and the 200 passed the guard and spent one each; the others none.
    expect(answers.at(-1)!.headers['quota-remaining']).toBe('997');
  });
});
