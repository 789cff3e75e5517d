import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { probeApp } from '../support/probe.js';
import { describeEach, STORES } from '../support/stores.js';

function expectEnvelope(body: string, code: string) {
  const parsed = JSON.parse(body);
  expect(Object.keys(parsed)).toEqual(['error']);
  expect(parsed.error.code).toBe(code);
  expect(typeof parsed.error.message).toBe('string');
  expect(parsed.error.docs).toBe(`http://qrelay.test/docs/errors#${code}`);
  return parsed.error as { code: string; message: string };
}

describeEach(STORES)('error envelope ($name)', (store) => {
  let h: Harness;
  let probe: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    h = await createHarness(store, { env: { BODY_LIMIT_BYTES: '2048' } });
    probe = await probeApp(h);
    ({ token } = await h.factory.tenant({ plan: 'enterprise' }));
  });
  afterAll(async () => {
    await probe.close();
    await h.close();
  });

  const post = (
    payload: string | object,
    headers: Record<string, string> = { 'content-type': 'application/json' },
    url = '/api/v1/probe',
  ) => probe.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}`, ...headers } });

  it('answers an unknown /api/v1 path with 404 not_found, after authentication', async () => {
    const res = await h.request({ method: 'GET', url: '/api/v1/nothing/here', token });
    expect(res.statusCode).toBe(404);
    expectEnvelope(res.body, 'not_found');
    expect(res.headers['ratelimit-limit']).toBe('600');
    const anonymous = await h.request({ method: 'DELETE', url: '/api/v1/nothing' });
    expect(anonymous.statusCode).toBe(401);
    expectEnvelope(anonymous.body, 'unauthorized');
  });

  it('answers malformed JSON with 400 invalid_request', async () => {
    const res = await post('{"name": ');
    expect(res.statusCode).toBe(400);
    expectEnvelope(res.body, 'invalid_request');
  });

  it('answers a wrong content type with 415 invalid_request', async () => {
    const res = await post('name=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expectEnvelope(res.body, 'invalid_request');
  });

  it('answers an oversized body with 413 invalid_request', async () => {
    const res = await post({ name: 'x'.repeat(5000) });
    expect(res.statusCode).toBe(413);
    expectEnvelope(res.body, 'invalid_request');
  });

  it('names the field in schema violations', async () => {
    expect(expectEnvelope((await post({})).body, 'invalid_request').message).toBe('body.name is required');
    expect(expectEnvelope((await post({ name: 5 })).body, 'invalid_request').message).toBe('body.name must be string');
    expect(expectEnvelope((await post({ name: 'ok', colour: 'red' })).body, 'invalid_request').message).toBe(
      'body.colour is not a known field',
    );
    expect(expectEnvelope((await post({ name: 'ok', count: '3' })).body, 'invalid_request').message).toBe(
      'body.count must be integer',
    );
    const query = await post({ name: 'ok' }, { 'content-type': 'application/json' }, '/api/v1/probe?limit=500');
    expect(expectEnvelope(query.body, 'invalid_request').message).toBe('querystring.limit must be <= 100');
    expect((await post({ name: 'ok' }, { 'content-type': 'application/json' }, '/api/v1/probe?limit=5')).statusCode).toBe(200);
  });

  it('keeps the RateLimit headers on a refusal', async () => {
    const res = await post('{');
    expect(res.headers['ratelimit-limit']).toBe('600');
    expect(res.headers['quota-remaining']).toBeDefined();
  });

  it('turns an unexpected error into a generic 500 with the request id and no detail', async () => {
    const res = await probe.inject({ method: 'GET', url: '/api/v1/boom', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(500);
    const body = JSON.parse(res.body);
    expect(body.error.code).toBe('internal_error');
    expect(res.body).not.toContain('secret internal detail');
    expect(body.error.message).toContain(String(res.headers['x-request-id']));
  });

  it('serves the error reference the docs addresses point to', async () => {
    const res = await h.request({ method: 'GET', url: '/docs/errors' });
    expect(res.statusCode).toBe(200);
    for (const code of [
      'unauthorized',
      'forbidden',
      'not_found',
      'invalid_request',
      'rate_limited',
      'quota_exceeded',
      'plan_required',
    ]) {
      expect(res.body).toContain(`id="${code}"`);
    }
  });
});
