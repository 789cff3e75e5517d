import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/lib/errors.js';
import { createHarness, type Harness } from '../support/harness.js';
import { probeApp } from '../support/probe.js';
import { documentedRoutes, type DocumentedRoute } from '../support/routes.js';
import { describeEach, STORES } from '../support/stores.js';

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
const json = fc.jsonValue({ maxDepth: 3 });
const text = fc.string({ maxLength: 40 });
const query = fc.dictionary(fc.constantFrom('limit', 'offset', 'name', 'days', 'codeId', 'type', 'cursor', 'p', 'x'), text, {
  maxKeys: 4,
});
const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,40}$/);

/** A 4xx must be the envelope with a known code; nothing may be a 5xx. */
function check(status: number, body: string) {
  expect(status).toBeLessThan(500);
  if (status >= 400) {
    const parsed = JSON.parse(body);
    expect(ERROR_CODES).toContain(parsed.error.code);
    expect(typeof parsed.error.message).toBe('string');
  }
}

describeEach(STORES)('fuzzed requests never give a 500 or a non-envelope error ($name)', (store) => {
  let h: Harness;
  let probe: FastifyInstance;
  let routes: DocumentedRoute[];
  let token: string;
  beforeAll(async () => {
    h = await createHarness(store);
    probe = await probeApp(h);
    routes = documentedRoutes(h.app);
    ({ token } = await h.factory.tenant({ plan: 'enterprise', ratePerMinute: 1_000_000, monthlyAllowance: 1_000_000 }));
  });
  afterAll(async () => {
    await probe.close();
    await h.close();
  });

  it('survives random bodies, query strings and paths on every documented route', async () => {
    const pathSegment = fc.oneof(
      fc.constant('01900000-0000-7000-8000-000000000000'),
      fc.webSegment(),
      text.map(encodeURIComponent),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        json,
        query,
        pathSegment,
        fc.boolean(),
        async (route, body, qs, segment, asText) => {
          const url = `/api/v1${route.template.replace(/\{[^}]+\}/g, () => segment || 'x')}?${new URLSearchParams(qs)}`;
          const res = await h.request({
            method: route.method as 'GET',
            url,
            token,
            ...(route.method === 'GET'
              ? {}
              : { payload: asText ? JSON.stringify(body) : (body as object), headers: { 'content-type': 'application/json' } }),
          });
          check(res.statusCode, res.body);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('survives random methods, raw bodies and content types', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...METHODS),
        fc.constantFrom('/api/v1/probe', '/api/v1/me', '/api/v1/unknown', '/api/v1/'),
        fc.oneof(
          fc.string({ maxLength: 200 }),
          json.map((v) => JSON.stringify(v)),
        ),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/json; charset=utf-8',
          'multipart/form-data',
          'application/xml',
          '',
        ),
        async (method, url, payload, contentType) => {
          const res = await probe.inject({
            method,
            url,
            payload: method === 'GET' ? undefined : payload,
            headers: { authorization: `Bearer ${token}`, ...(contentType ? { 'content-type': contentType } : {}) },
          });
          check(res.statusCode, res.body);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('survives random headers, including broken authorization', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom('authorization', 'x-api-key', 'accept', 'content-length', 'x-forwarded-for', 'host', 'accept-language'),
          headerValue,
          {
            maxKeys: 4,
          },
        ),
        fc.boolean(),
        async (headers, withToken) => {
          if (withToken && !headers.authorization) headers.authorization = `Bearer ${token}`;
          delete headers['content-length'];
          const res = await h.request({ method: 'GET', url: '/api/v1/me', headers });
          check(res.statusCode, res.body);
          if (res.statusCode >= 400) expect(res.headers['ratelimit-limit']).toBeDefined();
        },
      ),
      { numRuns: 300 },
    );
  });
});
