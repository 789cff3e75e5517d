import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { MemoryRecorder } from '../support/recorder.js';
import { describeEach, STORES } from '../support/stores.js';

/**
 * Stored and queried text is well-formed Unicode without control characters, on both stores alike:
 * U+0000, other controls, lone surrogates and invalid UTF-8 are a 400 that names the field and stores nothing.
 */
describeEach(STORES)('control characters and broken text ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  const recorder = new MemoryRecorder();
  beforeAll(async () => {
    h = await createHarness(store, { recorder });
    t = await h.factory.tenant({ plan: 'enterprise' });
  });
  afterAll(() => h.close());

  const send = (method: 'POST' | 'GET', url: string, payload?: string | Buffer) =>
    h.request({
      method,
      url,
      token: t.token,
      ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
    });

  const expectRefused = (res: { statusCode: number; json(): { error: { code: string; message: string } } }, what: string) => {
    expect(res.statusCode, what).toBe(400);
    expect(res.json().error.code, what).toBe('invalid_request');
  };

  it('refuses U+0000 and other controls in every written name', async () => {
    const bodies: [string, object][] = [
      ['/api/v1/codes', { name: 'a\u0000b', url: 'https://example.com' }],
      ['/api/v1/codes', { name: 'a\u001bb', url: 'https://example.com' }],
      ['/api/v1/folders', { name: 'a\u0000b' }],
      ['/api/v1/templates', { name: 'a\u0000b', design: {} }],
      ['/api/v1/users', { email: 'nul@example.com', name: 'a\u0000b', role: 'member' }],
      ['/api/v1/links', { url: 'https://example.com', shortCode: 'ab\u0000cd' }],
    ];
    for (const [url, body] of bodies) {
      const res = await send('POST', url, JSON.stringify(body));
      expectRefused(res, `${url} ${JSON.stringify(body)}`);
      expect(res.json().error.message).toContain('control characters');
    }
    for (const list of ['codes', 'folders', 'templates', 'links']) {
      expect((await send('GET', `/api/v1/${list}`)).json().data, list).toEqual([]);
    }
  });

  it('refuses lone surrogates and invalid UTF-8 in a JSON body instead of storing U+FFFD', async () => {
    expectRefused(await send('POST', '/api/v1/codes', '{"name":"a\\ud800b","url":"https://example.com"}'), 'lone high');
    expectRefused(await send('POST', '/api/v1/folders', '{"name":"\\udc00"}'), 'lone low');
    const invalid = Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('b"}')]);
    const res = await send('POST', '/api/v1/folders', invalid);
    expectRefused(res, 'invalid UTF-8');
    expect(res.json().error.message).toContain('UTF-8');
    const overlong = Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xc0, 0x80]), Buffer.from('b"}')]);
    expectRefused(await send('POST', '/api/v1/folders', overlong), 'overlong NUL');
    expect((await send('GET', '/api/v1/folders')).json().data).toEqual([]);
    const pair = await send('POST', '/api/v1/folders', '{"name":"ok \\ud83d\\ude00"}');
    expect(pair.statusCode).toBe(201);
    expect(pair.json().data.name).toBe('ok \u{1F600}');
  });

  it('refuses controls in query strings and paths rather than matching everything', async () => {
    await h.factory.code(t.account.id, { name: 'Visible' });
    for (const url of ['/api/v1/codes?name=%00', '/api/v1/codes?name=a%07', '/api/v1/events?codeId=%00', '/api/v1/codes/%00']) {
      expectRefused(await send('GET', url), url);
    }
  });

  it('keeps a placement free of control characters', async () => {
    const code = await h.factory.code(t.account.id);
    recorder.clear();
    const res = await h.request({ method: 'GET', url: `/${code.shortCode}?p=lobby%00%1b`, headers: { host: 'qrelay.test' } });
    expect(res.statusCode).toBe(302);
    expect(recorder.hits.map((hit) => hit.placement)).toEqual(['lobby']);
  });
});
