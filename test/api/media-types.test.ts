import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';

/** The API reads JSON bodies only: any other media type is 415 invalid_request, whatever the route. */
describeEach(STORES)('unsupported media types ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
  });
  afterAll(() => h.close());

  it('answers 415 for text/plain, forms, multipart and XML alike, and stores nothing', async () => {
    const body = JSON.stringify({ name: 'Plain', url: 'https://example.com' });
    for (const type of [
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'text/html',
    ]) {
      const res = await h.request({
        method: 'POST',
        url: '/api/v1/codes',
        token: t.token,
        payload: body,
        headers: { 'content-type': type },
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().error.code).toBe('invalid_request');
    }
    const codes = await h.request({ method: 'GET', url: '/api/v1/codes', token: t.token });
    expect(codes.json().data).toEqual([]);
  });

  it('lists 413, 414, 415, 429 and 431 in the OpenAPI document where they can occur', async () => {
    const doc = (await h.request({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, { responses: object }>>)) {
      for (const [method, op] of Object.entries(operations)) {
        const statuses = Object.keys(op.responses);
        const expected = method === 'get' || method === 'head' ? ['414', '429', '431'] : ['413', '414', '415', '429', '431'];
        for (const status of expected) expect(statuses, `${method} ${path}`).toContain(status);
      }
    }
  });
});
