import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { probeApp } from '../support/probe.js';
import { COUNTER_CASES, describeEach, STORES } from '../support/stores.js';

describeEach(COUNTER_CASES)('limits ($name)', ({ store, counters }) => {
  let h: Harness;
  let probe: FastifyInstance;
  beforeAll(async () => {
    h = await createHarness(store, { redis: counters === 'redis' });
    probe = await probeApp(h);
  });
  afterAll(async () => {
    await probe.close();
    await h.close();
  });

  const get = (token: string) =>
    probe.inject({ method: 'GET', url: '/api/v1/probe', headers: { authorization: `Bearer ${token}` } });

  it('limits each token per minute with RateLimit headers, Retry-After on 429, and a fresh window the next minute', async () => {
    const { account, token } = await h.factory.tenant({ plan: 'business', ratePerMinute: 3 });
    h.clock.set(Date.UTC(2026, 2, 10, 12, 0, 15));
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await get(token));
    expect(statuses.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(statuses.map((r) => r.headers['ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
    expect(statuses[0]!.headers['ratelimit-limit']).toBe('3');
    expect(statuses[0]!.headers['ratelimit-reset']).toBe('45');
    const refused = statuses[3]!;
    expect(refused.json().error.code).toBe('rate_limited');
    expect(refused.headers['retry-after']).toBe('45');

    const other = await h.factory.token(account.id, ['codes:read']);
    expect((await get(other)).statusCode).toBe(200);

    h.clock.advance(45_000);
    expect((await get(token)).statusCode).toBe(200);
  });

  it('uses the per-plan rates', async () => {
    for (const [plan, rate] of [
      ['starter', '60'],
      ['business', '120'],
      ['enterprise', '600'],
    ] as const) {
      const { token } = await h.factory.tenant({ plan });
      expect((await get(token)).headers['ratelimit-limit']).toBe(rate);
    }
  });

  it('shares the monthly allowance across all tokens of a company and resets on the 1st (UTC)', async () => {
    h.clock.set(Date.UTC(2026, 4, 31, 23, 59, 0));
    const { account, token } = await h.factory.tenant({ plan: 'starter', monthlyAllowance: 3 });
    const second = await h.factory.token(account.id, ['codes:read']);
    const responses = [await get(token), await get(second), await get(token), await get(second)];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 402]);
    expect(responses.map((r) => r.headers['quota-remaining'])).toEqual(['2', '1', '0', '0']);
    expect(responses[0]!.headers['quota-limit']).toBe('3');
    expect(responses[3]!.json().error.code).toBe('quota_exceeded');
    expect(responses[3]!.headers['ratelimit-limit']).toBeDefined();

    const me = await h.request({ method: 'GET', url: '/api/v1/me', token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.allowance).toEqual({ limit: 3, remaining: 0, resetsAt: '2026-06-01T00:00:00.000Z' });

    h.clock.set(Date.UTC(2026, 5, 1, 0, 0, 0));
    const next = await get(second);
    expect(next.statusCode).toBe(200);
    expect(next.headers['quota-remaining']).toBe('2');
  });

  it('admits exactly the remaining allowance under concurrency', async () => {
    h.clock.set(Date.UTC(2026, 6, 2, 10, 0, 0));
    const { account } = await h.factory.tenant({ plan: 'enterprise', monthlyAllowance: 15 });
    const tokens = await Promise.all(Array.from({ length: 5 }, () => h.factory.token(account.id, ['codes:read'])));
    for (let i = 0; i < 5; i++) expect((await get(tokens[0]!)).statusCode).toBe(200);
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => get(tokens[i % tokens.length]!)));
    const admitted = results.filter((r) => r.statusCode === 200).length;
    expect(admitted).toBe(10);
    expect(results.filter((r) => r.statusCode === 402).length).toBe(90);
  });

  it('admits exactly the remaining rate under concurrency', async () => {
    h.clock.set(Date.UTC(2026, 6, 3, 10, 0, 0));
    const { token } = await h.factory.tenant({ plan: 'enterprise', ratePerMinute: 10 });
    const results = await Promise.all(Array.from({ length: 100 }, () => get(token)));
    expect(results.filter((r) => r.statusCode === 200).length).toBe(10);
    expect(results.filter((r) => r.statusCode === 429).length).toBe(90);
  });

  it('spends no allowance on a request the rate refuses, and tells what is left', async () => {
    h.clock.set(Date.UTC(2026, 7, 4, 10, 0, 0));
    const { token } = await h.factory.tenant({ plan: 'enterprise', ratePerMinute: 2, monthlyAllowance: 10 });
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await get(token));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 429, 429]);
    expect(results.map((r) => r.headers['quota-remaining'])).toEqual(['9', '8', '8', '8']);
    h.clock.advance(60_000);
    const next = await get(token);
    expect(next.statusCode).toBe(200);
    expect(next.headers['quota-remaining']).toBe('7');
  });

  it('does not spend allowance on /me or on refused requests', async () => {
    h.clock.set(Date.UTC(2026, 7, 3, 10, 0, 0));
    const { account } = await h.factory.tenant({ plan: 'starter', monthlyAllowance: 2 });
    const token = await h.factory.token(account.id, ['links:read']);
    for (let i = 0; i < 5; i++) await h.request({ method: 'GET', url: '/api/v1/me', token });
    expect((await get(token)).statusCode).toBe(403);
    const me = await h.request({ method: 'GET', url: '/api/v1/me', token });
    expect(me.json().data.allowance.remaining).toBe(2);
    expect(me.headers['quota-remaining']).toBe('2');
  });
});

describe('failed authentication is limited per client', () => {
  it('answers 429 once a client has failed too often this minute', async () => {
    const h = await createHarness(STORES[0]!);
    const probe = await probeApp(h, 3);
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await probe.inject({ method: 'GET', url: '/api/v1/probe', headers: { authorization: 'Bearer nope' } })).statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      h.clock.advance(60_000);
      expect((await probe.inject({ method: 'GET', url: '/api/v1/probe' })).statusCode).toBe(401);
    } finally {
      await probe.close();
      await h.close();
    }
  });
});
