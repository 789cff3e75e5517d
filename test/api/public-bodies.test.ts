import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { IPHONE } from '../support/hits.js';
import { describeEach, STORES } from '../support/stores.js';
import { pathOf as path, visitors, type Visitor } from '../support/visitors.js';

const FIELDS = [
  { key: 'name', label: 'Your name', type: 'text', required: true },
  { key: 'note', label: 'Note', type: 'textarea' },
];

/**
 * Public routes read what a browser form sends and nothing else: a JSON or unknown body is a 415 page,
 * never a 500, and an answer with control characters is shown again with the problem beside the field.
 */
describeEach(STORES)('bodies sent to public pages ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  let visitor: () => Visitor;
  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    h.request({ method, url: `/api/v1${url}`, payload, token: t.token });
  const send = (url: string, contentType: string, payload: string) =>
    h.request({
      method: 'POST',
      url,
      headers: { host: 'qrelay.test', 'user-agent': IPHONE, 'content-type': contentType },
      payload,
    });
  let formPath: string;
  let cardPath: string;
  let formId: string;
  let cardId: string;

  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
    visitor = visitors(h);
    const form = (await api('POST', '/forms', { name: 'Order', fields: FIELDS })).json().data;
    const card = (await api('POST', '/cards', { name: 'Ada', enquiries: true })).json().data;
    [formPath, cardPath, formId, cardId] = [path(form.url), path(card.url), form.id, card.id];
  });
  afterAll(() => h.close());

  const stored = async () => ({
    submissions: (await api('GET', `/submissions?formId=${formId}`)).json().data,
    enquiries: (await api('GET', `/enquiries?cardId=${cardId}`)).json().data,
  });

  it('answers a JSON body with any value type, and an unknown type, with 415 and stores nothing', async () => {
    for (const url of [formPath, cardPath]) {
      for (const value of [123, ['x'], { a: 1 }, null, true]) {
        const res = await send(url, 'application/json', JSON.stringify({ name: value, email: value, message: value }));
        expect(res.statusCode, `${url} ${JSON.stringify(value)}`).toBe(415);
        expect(res.headers['content-type']).toContain('text/html');
      }
      for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/octet-stream']) {
        expect((await send(url, type, 'name=Ann')).statusCode, `${url} ${type}`).toBe(415);
      }
    }
    expect(await stored()).toEqual({ submissions: [], enquiries: [] });
  });

  it('refuses NUL, ESC and other controls beside the field, keeping what was typed without them', async () => {
    const cases: [bad: string, shown: string][] = [
      ['A\u0000nn', 'Ann'],
      ['A\u001bnn', 'Ann'],
      ['A\u0001nn', 'Ann'],
      ['Ann\r\nX', 'AnnX'],
    ];
    for (const [bad, shown] of cases) {
      const res = await visitor().post(formPath, { name: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.body).toContain('<p class="error" id="name-error">Please use only printable characters.</p>');
      expect(res.body).toContain(`value="${shown}"`);
    }
    const card = await visitor().post(cardPath, { name: 'Bob', email: 'bob@example.com', message: 'Hi\u0007' });
    expect(card.statusCode).toBe(400);
    expect(card.body).toContain('id="message-error"');
    expect(await stored()).toEqual({ submissions: [], enquiries: [] });
  });

  it('keeps tabs and line breaks in a text area', async () => {
    const res = await visitor().post(formPath, { name: 'Ann', note: 'one\r\n\ttwo' });
    expect(res.statusCode).toBe(303);
    const [submission] = (await stored()).submissions;
    expect(submission.answers).toEqual({ name: 'Ann', note: 'one\r\n\ttwo' });
  });
});

/** Every public route, sent a JSON body, a form body and an unknown type, answers without a 5xx. */
describe('every public route with any body', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(STORES[0]!);
  });
  afterAll(() => h.close());

  /** The routes outside the API, MCP and the dashboard's API, read off the router's tree, `:param` filled in. */
  const publicRoutes = (): { method: string; url: string }[] => {
    const routes: { method: string; url: string }[] = [];
    const prefixes: string[] = [];
    for (const line of h.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const match = /^([│ ├└─]*?)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
      if (!match) continue;
      const depth = match[1]!.length / 4;
      const parent = depth === 0 ? '' : prefixes[depth - 1]!;
      const segment = match[2]!;
      prefixes[depth] = segment === '*' && !parent.endsWith('/') ? `${parent}/*` : `${parent}${segment}`;
      prefixes.length = depth + 1;
      const url = prefixes[depth]!.replace(/:\w+/g, 'x1').replace(/\*$/, 'x1');
      if (!match[3] || /^\/(api|mcp|app\/api)(\/|$)/.test(url)) continue;
      for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push({ method, url });
    }
    return routes;
  };

  it('finds the public routes', () => {
    const urls = publicRoutes().map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(expect.arrayContaining(['POST /f/x1', 'POST /c/x1', 'GET /p/x1', 'GET /x1']));
  });

  it('never answers 5xx', async () => {
    const bodies: [string, string][] = [
      ['application/json', '{"name":123,"email":["x"],"altcha":{"a":1}}'],
      ['application/x-www-form-urlencoded', 'name=%00&email=%FF&altcha=x'],
      ['application/x-www-form-urlencoded', 'name=a%1Bb&email=a%0D%0Ab&message=%01&password=%00&website_url=%C0%80'],
      ['application/x-unknown', '\u0000\u0001'],
    ];
    for (const { method, url } of publicRoutes()) {
      for (const [type, payload] of bodies) {
        const res = await h.request({
          method: method as 'GET',
          url,
          headers: { host: 'qrelay.test', 'content-type': type },
          ...(method === 'GET' || method === 'OPTIONS' ? {} : { payload }),
        });
        expect(res.statusCode, `${method} ${url} ${type}`).toBeLessThan(500);
      }
    }
  });
});
