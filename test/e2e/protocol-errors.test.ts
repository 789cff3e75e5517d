import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { rawGet, rawRequest, type RawAnswer } from '../support/raw-http.js';
import { describeEach, STORES } from '../support/stores.js';

function expectEnvelope(answer: RawAnswer, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body);
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe('invalid_request');
  expect(body.error.docs).toBe('http://qrelay.test/docs/errors#invalid_request');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
}

function expectPage(answer: RawAnswer, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^text\/html/);
  expect(answer.body).toMatch(/^<!doctype html>/);
  expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
}

/**
 * Failures Fastify and Node raise before any route runs answer like every other failure: the
 * envelope on /api/v1, the resolver's HTML page elsewhere.
 */
describeEach(STORES)('failures before routing ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  let port: number;
  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
  });
  afterAll(() => h.close());

  const auth = () => ({ authorization: `Bearer ${t.token}` });
  const huge = { cookie: `a=${'x'.repeat(20_000)}` };

  it('answers an over-long path part with 414: the envelope on the API, the page on the resolver', async () => {
    expectEnvelope(await rawRequest(port, rawGet(`/api/v1/codes/${'a'.repeat(300)}`, auth())), 414);
    expectPage(await rawRequest(port, rawGet(`/${'a'.repeat(300)}`)), 414);
  });

  it('answers malformed percent-encoding with 400 in the same two forms', async () => {
    expectEnvelope(await rawRequest(port, rawGet('/api/v1/codes/%E0%A4%A', auth())), 400);
    expectPage(await rawRequest(port, rawGet('/%E0%A4%A')), 400);
  });

  it('answers headers over the limit with 431 in the same two forms', async () => {
    expectEnvelope(await rawRequest(port, rawGet('/api/v1/me', { ...auth(), ...huge })), 431);
    expectPage(await rawRequest(port, rawGet('/abc1234', huge)), 431);
  });

  it('answers every other failure off the API with a page, not JSON', async () => {
    expectPage(await rawRequest(port, rawGet('/some/deep/path')), 404);
    const form = `password=${'x'.repeat(5000)}`;
    const big = rawGet('/abc1234', { 'content-type': 'application/x-www-form-urlencoded' }, 'POST', form);
    expectPage(await rawRequest(port, big), 413);
    expectPage(await rawRequest(port, rawGet('/abc1234', { 'content-type': 'application/json' }, 'POST', '{"x":')), 400);
    expectPage(await rawRequest(port, rawGet('/abc1234', { 'content-type': 'text/plain' }, 'POST', 'x')), 415);
    expectPage(await rawRequest(port, 'GARBAGE\r\n\r\n'), 400);
  });
});
