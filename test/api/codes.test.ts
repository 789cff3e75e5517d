import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { hit, recordAll } from '../support/hits.js';
import { describeEach, STORES } from '../support/stores.js';
import type { Tenant } from '../support/factory.js';

describeEach(STORES)('/codes ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  const post = (url: string, payload?: object, token = t.token) => h.request({ method: 'POST', url, payload, token });
  const patch = (url: string, payload: object, token = t.token) => h.request({ method: 'PATCH', url, payload, token });
  const get = (url: string, token = t.token) => h.request({ method: 'GET', url, token });

  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
  });
  afterAll(() => h.close());

  it('creates a dynamic code whose encode is its short address', async () => {
    const res = await post('/api/v1/codes', { name: 'Menu', url: 'https://example.com/menu' });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({
      name: 'Menu',
      mode: 'dynamic',
      status: 'active',
      destination: 'https://example.com/menu',
      scans: 0,
      gate: null,
      rules: [],
    });
    expect(data.shortCode).toMatch(/^[0-9A-Za-z]{7}$/);
    expect(data.url).toBe(`http://qrelay.test/${data.shortCode}`);
    expect(data.encode).toBe(data.url);
    expect(data.design).toMatchObject({ foreground: '#000000', errorCorrection: 'M', quietZone: 4 });
    const read = await get(`/api/v1/codes/${data.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(data);
  });

  it('creates a static code whose encode is the destination, and refuses to repoint it', async () => {
    const res = await post('/api/v1/codes', { name: 'Wifi', url: 'https://example.com/wifi', mode: 'static' });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({ shortCode: null, url: null, encode: 'https://example.com/wifi' });
    const repoint = await patch(`/api/v1/codes/${data.id}`, { url: 'https://example.com/other' });
    expect(repoint.statusCode).toBe(400);
    expect(repoint.json().error.code).toBe('invalid_request');
    expect((await get(`/api/v1/codes/${data.id}`)).json().data.destination).toBe('https://example.com/wifi');
    expect((await patch(`/api/v1/codes/${data.id}`, { name: 'Wifi 2' })).json().data.name).toBe('Wifi 2');
  });

  it('repoints a dynamic code keeping its short link and scans', async () => {
    const code = await h.factory.code(t.account.id);
    const res = await patch(`/api/v1/codes/${code.id}`, { url: 'https://example.com/new' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ shortCode: code.shortCode, destination: 'https://example.com/new', scans: 0 });
  });

  it('pauses and resumes; archiving is one-way', async () => {
    const code = await h.factory.code(t.account.id);
    expect((await patch(`/api/v1/codes/${code.id}`, { status: 'paused' })).json().data.status).toBe('paused');
    expect((await patch(`/api/v1/codes/${code.id}`, { status: 'active' })).json().data.status).toBe('active');
    const archived = await post(`/api/v1/codes/${code.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data.status).toBe('archived');
    const revive = await patch(`/api/v1/codes/${code.id}`, { status: 'active' });
    expect(revive.statusCode).toBe(400);
    expect(revive.json().error.message).toMatch(/status/);
    expect((await patch(`/api/v1/codes/${code.id}`, { status: 'archived' })).statusCode).toBe(400);
  });

  it('lists newest first with limit/offset, matching the name only and case-insensitively', async () => {
    const tenant = await h.factory.tenant();
    const a = await h.factory.code(tenant.account.id, { name: 'Spring POSTER', url: 'https://example.com/poster' });
    h.clock.advance(1000);
    const b = await h.factory.code(tenant.account.id, { name: 'Flyer 100%_off', url: 'https://example.com/spring' });
    h.clock.advance(1000);
    const c = await h.factory.code(tenant.account.id, { name: 'Table tent' });
    const all = await get('/api/v1/codes', tenant.token);
    expect(all.json().data.map((x: { id: string }) => x.id)).toEqual([c.id, b.id, a.id]);
    const page = await get('/api/v1/codes?limit=1&offset=1', tenant.token);
    expect(page.json().data.map((x: { id: string }) => x.id)).toEqual([b.id]);
    const byName = await get('/api/v1/codes?name=spring', tenant.token);
    expect(byName.json().data.map((x: { id: string }) => x.id)).toEqual([a.id]);
    expect((await get('/api/v1/codes?name=100%25_', tenant.token)).json().data.map((x: { id: string }) => x.id)).toEqual([b.id]);
    expect((await get('/api/v1/codes?name=0%25o', tenant.token)).json().data).toEqual([]);
    expect((await get('/api/v1/codes?name=_', tenant.token)).json().data.map((x: { id: string }) => x.id)).toEqual([b.id]);
  });

  it('sorts by name, creation or scans when asked, and refuses an unknown order naming the field', async () => {
    const tenant = await h.factory.tenant();
    const accountId = tenant.account.id;
    const b = await h.factory.code(accountId, { name: 'banner' });
    h.clock.advance(1000);
    const a = await h.factory.code(accountId, { name: 'Apron' });
    h.clock.advance(1000);
    const c = await h.factory.code(accountId, { name: 'Coaster' });
    await recordAll(h, [
      hit(h, { accountId, targetId: b.id }),
      hit(h, { accountId, targetId: b.id }),
      hit(h, { accountId, targetId: c.id }),
    ]);
    const ids = async (sort: string) =>
      (await get(`/api/v1/codes?sort=${sort}`, tenant.token)).json().data.map((x: { id: string }) => x.id);
    expect(await ids('name')).toEqual([a.id, b.id, c.id]);
    expect(await ids('-name')).toEqual([c.id, b.id, a.id]);
    expect(await ids('created')).toEqual([b.id, a.id, c.id]);
    expect(await ids('-created')).toEqual([c.id, a.id, b.id]);
    expect(await ids('-scans')).toEqual([b.id, c.id, a.id]);
    expect(await ids('scans')).toEqual([a.id, c.id, b.id]);
    const wrong = await get('/api/v1/codes?sort=destination', tenant.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toContain('querystring.sort');
  });

  it.each([
    ['limit=0', 'querystring.limit'],
    ['limit=101', 'querystring.limit'],
    ['offset=-1', 'querystring.offset'],
  ])('refuses %s naming the field', async (query, field) => {
    const res = await get(`/api/v1/codes?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(field);
  });

  it('clones: same destination, design, rules and gate; own id and ending; names (copy), (copy 2)', async () => {
    const rules = [{ when: { device: ['mobile'] }, destination: 'https://m.example.com' }];
    const logo = { url: await h.factory.logo(t.account.id, 'svg'), size: 0.2 };
    const design = { foreground: '#112233', logo, errorCorrection: 'H' };
    const original = (
      await post('/api/v1/codes', {
        name: 'Poster',
        url: 'https://example.com/p',
        rules,
        design,
        gate: { password: 'open sesame' },
      })
    ).json().data;
    const first = await post(`/api/v1/codes/${original.id}/clone`);
    expect(first.statusCode).toBe(201);
    const copy = first.json().data;
    expect(copy.id).not.toBe(original.id);
    expect(copy.shortCode).not.toBe(original.shortCode);
    expect(copy).toMatchObject({
      name: 'Poster (copy)',
      destination: original.destination,
      design: original.design,
      rules: original.rules,
      gate: { type: 'password' },
      scans: 0,
    });
    expect((await post(`/api/v1/codes/${original.id}/clone`)).json().data.name).toBe('Poster (copy 2)');
    expect((await post(`/api/v1/codes/${original.id}/clone`)).json().data.name).toBe('Poster (copy 3)');
  });

  it('enforces the cap on live codes, clones included; archived codes do not count', async () => {
    const tenant = await h.factory.tenant({ maxCodes: 2 });
    const one = await h.factory.code(tenant.account.id);
    await h.factory.code(tenant.account.id);
    const over = await post('/api/v1/codes', { name: 'Third', url: 'https://example.com/3' }, tenant.token);
    expect(over.statusCode).toBe(402);
    expect(over.json().error.code).toBe('quota_exceeded');
    const clone = await post(`/api/v1/codes/${one.id}/clone`, undefined, tenant.token);
    expect(clone.statusCode).toBe(402);
    expect((await get('/api/v1/codes', tenant.token)).json().data).toHaveLength(2);
    await post(`/api/v1/codes/${one.id}/archive`, undefined, tenant.token);
    expect((await post(`/api/v1/codes/${one.id}/clone`, undefined, tenant.token)).statusCode).toBe(201);
  });

  it('accepts a chosen ending and refuses a taken, reserved or malformed one', async () => {
    const ok = await post('/api/v1/codes', { name: 'Chosen', url: 'https://example.com', shortCode: 'spring-sale_26' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.shortCode).toBe('spring-sale_26');
    for (const shortCode of ['spring-sale_26', 'API', 'healthz', 'ab', 'a/b', 'has space', 'x'.repeat(65), 'robots.txt']) {
      const res = await post('/api/v1/codes', { name: 'Bad', url: 'https://example.com', shortCode });
      expect(res.statusCode, shortCode).toBe(400);
      expect(res.json().error.message, shortCode).toContain('shortCode');
    }
    const link = await post('/api/v1/links', { url: 'https://example.com', shortCode: 'spring-sale_26' });
    expect(link.statusCode).toBe(400);
  });

  it.each([
    [{ url: 'https://example.com' }, 'name'],
    [{ name: '', url: 'https://example.com' }, 'name'],
    [{ name: 'x'.repeat(201), url: 'https://example.com' }, 'name'],
    [{ name: 'x', url: 'ftp://example.com' }, 'url'],
    [{ name: 'x', url: 'javascript:alert(1)' }, 'url'],
    [{ name: 'x', url: `https://example.com/${'a'.repeat(2048)}` }, 'url'],
    [{ name: 'x', url: 'https://exa\u0001mple.com' }, 'url'],
    [{ name: 'x', url: 'not a url' }, 'url'],
    [{ name: 'x', url: 'https://example.com', mode: 'weird' }, 'mode'],
    [{ name: 'x', url: 'https://example.com', gate: { password: 'abc' } }, 'gate.password'],
    [{ name: 'x', url: 'https://example.com', gate: { password: 'seven!!' } }, 'gate.password'],
    [{ name: 'x', url: 'https://example.com', gate: { password: 'x'.repeat(129) } }, 'gate.password'],
    [{ name: 'x', url: 'https://example.com', design: { foreground: 'red' } }, 'design.foreground'],
    [{ name: 'x', url: 'https://example.com', design: { logo: { url: 'https://e.com/l.png', size: 0.5 } } }, 'design.logo'],
    [
      { name: 'x', url: 'https://example.com', design: { logo: { url: 'https://e.com/l.png', size: 0.2 } } },
      'design.errorCorrection',
    ],
    [{ name: 'x', url: 'https://example.com', design: { quietZone: 40 } }, 'design.quietZone'],
    [
      { name: 'x', url: 'https://example.com', design: { frame: { style: 'box', text: 'x'.repeat(41), colour: '#000000' } } },
      'design.frame.text',
    ],
    [{ name: 'x', url: 'https://example.com', rules: [{ destination: 'https://a.example', split: [] }] }, 'rules'],
    [
      { name: 'x', url: 'https://example.com', rules: [{ when: { device: ['phone'] }, destination: 'https://a.example' }] },
      'rules.0.when.device',
    ],
    [
      { name: 'x', url: 'https://example.com', rules: [{ when: { country: ['us'] }, destination: 'https://a.example' }] },
      'rules.0.when.country',
    ],
    [
      {
        name: 'x',
        url: 'https://example.com',
        rules: [
          { destination: 'https://a.example' },
          { when: { time: { timeZone: 'Mars/Olympus', days: ['mon'] } }, destination: 'https://b.example' },
        ],
      },
      'rules[1].when.time.timeZone',
    ],
    [{ name: 'x', url: 'https://example.com', rules: [{ destination: 'ftp://a.example' }] }, 'rules[0].destination'],
    [{ name: 'x', url: 'https://example.com', rules: [{}] }, 'rules[0]'],
    [
      { name: 'x', url: 'https://example.com', rules: Array.from({ length: 21 }, () => ({ destination: 'https://a.example' })) },
      'rules',
    ],
    [
      {
        name: 'x',
        url: 'https://example.com',
        rules: [
          {
            split: [
              { destination: 'https://a.example', weight: 0 },
              { destination: 'https://b.example', weight: 1 },
            ],
          },
        ],
      },
      'rules.0.split.0.weight',
    ],
    [{ name: 'x', url: 'https://example.com', mode: 'static', gate: { password: 'secret' } }, 'gate'],
    [{ name: 'x', url: 'https://example.com', folder: 'f' }, 'folder'],
  ])('refuses %j naming %s, writing nothing', async (payload, field) => {
    const tenant = await h.factory.tenant();
    const res = await post('/api/v1/codes', payload, tenant.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
    expect(res.json().error.message).toContain(field);
    expect((await get('/api/v1/codes', tenant.token)).json().data).toEqual([]);
  });

  it('refuses a bad PATCH without changing anything', async () => {
    const code = await h.factory.code(t.account.id, { name: 'Keep' });
    const res = await patch(`/api/v1/codes/${code.id}`, { name: 'Changed', url: 'mailto:x@example.com' });
    expect(res.statusCode).toBe(400);
    expect((await get(`/api/v1/codes/${code.id}`)).json().data).toMatchObject({ name: 'Keep', destination: code.destination });
  });

  it("gives 404 for another account's code and for a malformed id", async () => {
    const other = await h.factory.tenant();
    const code = await h.factory.code(other.account.id);
    for (const res of [
      await get(`/api/v1/codes/${code.id}`),
      await patch(`/api/v1/codes/${code.id}`, { name: 'mine' }),
      await post(`/api/v1/codes/${code.id}/clone`),
      await post(`/api/v1/codes/${code.id}/archive`),
      await get('/api/v1/codes/not-an-id'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect((await get(`/api/v1/codes/${code.id}`, other.token)).json().data.name).toBe(code.name);
  });

  it('needs codes:read to read and codes:write to write', async () => {
    const reader = await h.factory.token(t.account.id, ['codes:read']);
    const writer = await h.factory.token(t.account.id, ['codes:write']);
    expect((await get('/api/v1/codes', writer)).statusCode).toBe(403);
    expect((await post('/api/v1/codes', { name: 'x', url: 'https://example.com' }, reader)).statusCode).toBe(403);
    expect((await post('/api/v1/codes', { name: 'x', url: 'https://example.com' }, writer)).statusCode).toBe(201);
    expect((await get('/api/v1/codes', reader)).statusCode).toBe(200);
    expect((await h.request({ method: 'GET', url: '/api/v1/codes' })).statusCode).toBe(401);
  });

  it('puts the short address on the account domain when it has one', async () => {
    const tenant = await h.factory.tenant({ domain: `go-${store.name}.example.org` });
    const res = await post('/api/v1/codes', { name: 'Branded', url: 'https://example.com' }, tenant.token);
    const { data } = res.json();
    expect(data.url).toBe(`http://${tenant.account.domain}/${data.shortCode}`);
  });

  it('keeps the OpenAPI document valid', async () => {
    const { validate } = await import('@readme/openapi-parser');
    const doc = (await h.request({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.paths['/codes/{id}/clone']).toBeDefined();
    expect(doc.paths['/links']).toBeDefined();
    const result = await validate(structuredClone(doc));
    expect(result.valid, JSON.stringify(result)).toBe(true);
  });
});
