import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { STORES } from '../support/stores.js';

describe('OpenAPI document', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(STORES[0]!);
  });
  afterAll(() => h.close());

  it('is served without a token and validates as OpenAPI 3.1', async () => {
    const res = await h.request({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0].url).toBe('http://qrelay.test/api/v1');
    const result = await validate(structuredClone(doc));
    expect(result.valid, JSON.stringify((result as { errors?: unknown }).errors)).toBe(true);
  });

  it('describes every route with its error responses and bearer security', async () => {
    const doc = (await h.request({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.paths['/me'].get.security).toEqual([{ bearerAuth: [] }]);
    for (const [path, ops] of Object.entries(
      doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>,
    )) {
      for (const [method, op] of Object.entries(ops)) {
        for (const status of ['401', '403', '429']) expect(op.responses[status], `${method} ${path} ${status}`).toBeDefined();
      }
    }
  });
});
