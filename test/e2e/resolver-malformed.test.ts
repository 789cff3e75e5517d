import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isApiPath } from '../../src/http/errors.js';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { rawGet, rawRequest, type RawAnswer } from '../support/raw-http.js';
import { describeEach, STORES } from '../support/stores.js';

/** Path pieces a scanner, a crawler or an attacker sends: broken escapes, dots, controls, very long parts. */
const SEGMENTS = [
  'abc1234',
  'menu',
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '%0d%0a',
  '%ED%A0%80',
  '%FF',
  '%2F',
  '..',
  '.',
  '',
  '01',
  '09506000134352',
  'caf\u00e9',
  '\u{1F600}',
  '<script>',
  '"quoted"',
  'a'.repeat(65),
  'a'.repeat(101),
  'a'.repeat(5_000),
  'a'.repeat(20_000),
];
const QUERIES = ['', '?p=lobby', '?p=%00', '?p=%', `?p=${'x'.repeat(3_000)}`, '?p=a&p=b', '?%zz', `?${'q'.repeat(17_000)}`];

/** Anything but a redirect must be the resolver's HTML page, never JSON and never a 5xx. */
function expectPageOrRedirect(answer: RawAnswer, method: string, what: string) {
  expect(answer.status, what).toBeGreaterThanOrEqual(200);
  expect(answer.status, what).toBeLessThan(500);
  if (answer.status >= 300 && answer.status < 400) {
    expect(answer.headers.location, what).toBeDefined();
    return;
  }
  expect(answer.headers['content-type'], what).toMatch(/^text\/html/);
  if (method !== 'HEAD') expect(answer.body, what).toMatch(/^<!doctype html>/);
}

describeEach(STORES)('the resolver under malformed and over-long input ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  let port: number;
  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant({ domain: `malformed-${store.name}.example.net` });
    await h.factory.code(t.account.id, { shortCode: 'abc1234' });
    await h.factory.code(t.account.id, { shortCode: 'menu', gate: { password: 'open sesame' } });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
  });
  afterAll(() => h.close());

  it('answers every malformed path, query, header and body with an HTML page or a redirect', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...SEGMENTS), { minLength: 1, maxLength: 3 }),
        fc.constantFrom(...QUERIES),
        fc.constantFrom('GET', 'HEAD', 'POST'),
        fc.constantFrom('qrelay.test', `malformed-${store.name}.example.net`, 'unknown.example', ''),
        fc.constantFrom<Record<string, string>>(
          {},
          { cookie: `qrelay_gate=${'x'.repeat(20_000)}` },
          { cookie: 'qrelay_gate=1.forged' },
          { 'x-forwarded-for': '%00' },
          { 'accept-language': '\u00ff'.repeat(100) },
        ),
        fc.constantFrom(
          ['application/x-www-form-urlencoded', 'password=open+sesame'],
          ['application/x-www-form-urlencoded', `password=${'x'.repeat(5_000)}`],
          ['application/x-www-form-urlencoded', 'password=%zz%00'],
          ['application/json', '{"password":'],
          ['text/plain', 'hello'],
          ['multipart/form-data; boundary=x', '--x--'],
        ),
        async (segments, query, method, host, headers, [type, form]) => {
          const path = `/${segments.join('/')}${query}`;
          fc.pre(!isApiPath(path));
          const body = method === 'POST' ? form : '';
          const request = rawGet(path, { host, ...headers, ...(body ? { 'content-type': type } : {}) }, method, body);
          expectPageOrRedirect(await rawRequest(port, Buffer.from(request, 'latin1')), method, `${method} ${path.slice(0, 80)}`);
        },
      ),
      { numRuns: 250 },
    );
  });
});
