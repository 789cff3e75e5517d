import { afterAll, beforeAll, expect, it } from 'vitest';
import { ownerBrowser, type Browser } from '../support/browser.js';
import { createHarness, type Harness } from '../support/harness.js';
import { dereference } from '../support/routes.js';
import { describeEach, STORES } from '../support/stores.js';

type Json = Record<string, unknown>;
interface Operation {
  requestBody?: unknown;
}

const SAMPLE_ID = '01900000-0000-7000-8000-000000000000';
/** Text no store should see; CR LF is allowed in free text, so it only must not break anything. */
const REFUSED = ['a\u0000b', 'a\u001bb', 'a\u0001b', 'a\ud800b'];

/**
 * The dashboard's own routes (`/app/api/...`, outside the v1 operations the fuzzer walks) refuse
 * control characters and broken UTF-8 in every JSON field, on both stores, and never answer 5xx.
 */
describeEach(STORES)('text sent to the dashboard routes ($name)', (store) => {
  let h: Harness;
  let browser: Browser;
  beforeAll(async () => {
    h = await createHarness(store, { documentDashboard: true });
    browser = await ownerBrowser(h, await h.factory.tenant());
  });
  afterAll(() => h.close());

  /** Each dashboard-only operation with a JSON body, and its body's top-level fields. */
  const operations = () => {
    const doc = h.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const found: { method: string; url: string; fields: string[] }[] = [];
    for (const [template, ops] of Object.entries(doc.paths)) {
      if (!template.startsWith('/app/api/')) continue;
      for (const [method, op] of Object.entries(ops)) {
        const content = dereference(doc, op.requestBody)?.content as Record<string, { schema?: unknown }> | undefined;
        const schema = dereference(doc, content?.['application/json']?.schema);
        const fields = Object.keys((schema?.properties as Json | undefined) ?? {});
        if (fields.length > 0)
          found.push({ method: method.toUpperCase(), url: template.replace(/\{[^}]+\}/g, SAMPLE_ID), fields });
      }
    }
    return found;
  };

  it('finds the session, password, set-up and token routes', () => {
    expect(operations().map((o) => `${o.method} ${o.url}`)).toEqual(
      expect.arrayContaining(['POST /app/api/session', 'POST /app/api/password', 'POST /app/api/tokens']),
    );
  });

  it('refuses controls, lone surrogates and invalid UTF-8 in every field with 400, and never answers 5xx', async () => {
    for (const { method, url, fields } of operations()) {
      const send = (payload: string | Buffer) =>
        browser.request({ method: method as 'POST', url, payload, headers: { 'content-type': 'application/json' } });
      for (const field of fields) {
        for (const value of REFUSED) {
          const res = await send(JSON.stringify({ [field]: value }));
          expect(res.statusCode, `${method} ${url} ${field} ${JSON.stringify(value)}`).toBe(400);
          expect(res.json().error.code).toBe('invalid_request');
        }
        const crlf = await send(JSON.stringify({ [field]: 'a\r\nb' }));
        expect(crlf.statusCode, `${method} ${url} ${field} CR LF`).toBeLessThan(500);
        const broken = Buffer.concat([Buffer.from(`{"${field}":"a`), Buffer.from([0xff]), Buffer.from('b"}')]);
        expect((await send(broken)).statusCode, `${method} ${url} ${field} invalid UTF-8`).toBe(400);
      }
    }
    expect((await browser.request({ method: 'GET', url: '/app/api/session' })).statusCode).toBe(200);
  });
});
