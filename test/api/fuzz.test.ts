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

/** Integers at and past every boundary a store or a number type has, as they would be written in a request. */
const BOUNDARY_INTEGERS = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '9007199254740992',
  '9223372036854775807',
  '9223372036854775808',
  '99999999999999999999',
  '1e400',
  '-1e400',
  '1.5',
];
/** Text no store should ever see: controls, U+0000, lone surrogates, and very long strings. */
const HOSTILE_TEXT = ['\u0000', 'a\u0000b', '\u0007', '\u001b[0m', '\u007f', '\u0085', '\ud800', 'x\udc00', 'x'.repeat(5000), ''];
/** The same in a query string or path, where percent-encoding can also be malformed or not UTF-8. */
const HOSTILE_ENCODED = [
  ...BOUNDARY_INTEGERS,
  ...HOSTILE_TEXT.filter((t) => t.length < 100).map((t) => encodeURIComponent(t.replace(/[\ud800-\udfff]/g, ''))),
  '%00',
  '%ED%A0%80',
  '%FF',
  '%C0%80',
  '%',
  '%zz',
  'a'.repeat(300),
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/merge-patch+json',
];

/** A JSON value written as text, so numbers past what JavaScript holds (1e400) can be sent. */
const hostileJson = fc.oneof(
  fc.constantFrom(...BOUNDARY_INTEGERS),
  fc.constantFrom(...HOSTILE_TEXT).map((t) => JSON.stringify(t)),
  fc.constantFrom(...HOSTILE_TEXT).map((t) => `[${JSON.stringify(t)}]`),
  fc.constantFrom(...HOSTILE_TEXT).map((t) => `{${JSON.stringify(t)}:1}`),
  json.map((v) => JSON.stringify(v)),
);

/** A body for a route: its own field names (and some others) with hostile values, maybe with invalid UTF-8 inside. */
const hostileBody = (fields: string[]) =>
  fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom(...fields, 'x', '\u0000'), hostileJson), { maxLength: 4 }),
      fc.constantFrom(null, [0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe0, 0xa4]),
    )
    .map(([pairs, bad]) => {
      const text = `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
      if (!bad) return Buffer.from(text);
      const cut = Math.max(1, text.indexOf('"') + 1);
      return Buffer.concat([Buffer.from(text.slice(0, cut)), Buffer.from(bad), Buffer.from(text.slice(cut))]);
    });

/** A 4xx must be the envelope with a known code; nothing may be a 5xx. */
function check(status: number, body: string) {
  expect(status).toBeLessThan(500);
  if (status >= 400) {
    const parsed = JSON.parse(body);
    expect(Object.keys(parsed)).toEqual(['error']);
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

  it('survives boundary integers, control characters, broken text and every content type on every documented route', async () => {
    expect(routes.some((r) => r.bodyFields.length > 0)).toBe(true);
    expect(routes.some((r) => r.query.length > 0)).toBe(true);
    const routeRequest = fc.constantFrom(...routes).chain((route) =>
      fc.record({
        route: fc.constant(route),
        segment: fc.constantFrom(...HOSTILE_ENCODED, '01900000-0000-7000-8000-000000000000'),
        query: fc.array(fc.tuple(fc.constantFrom(...route.query, 'x'), fc.constantFrom(...HOSTILE_ENCODED)), { maxLength: 3 }),
        body: hostileBody(route.bodyFields.length > 0 ? route.bodyFields : ['name']),
        contentType: fc.constantFrom(...CONTENT_TYPES),
      }),
    );
    await fc.assert(
      fc.asyncProperty(routeRequest, async ({ route, segment, query, body, contentType }) => {
        const path = route.template.replace(/\{[^}]+\}/g, () => segment || 'x');
        const url = `/api/v1${path}?${query.map(([k, v]) => `${k}=${v}`).join('&')}`;
        const res = await h.request({
          method: route.method as 'GET',
          url,
          token,
          ...(route.method === 'GET' ? {} : { payload: body, headers: { 'content-type': contentType } }),
        });
        check(res.statusCode, res.body);
      }),
      { numRuns: 600 },
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
