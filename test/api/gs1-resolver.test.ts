import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { Gs1Repository } from '../../src/catalog/gs1/store/gs1.repository.js';
import type { Gs1LinkInput } from '../../src/catalog/gs1/gs1.types.js';
import { ownerOf } from '../support/actors.js';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { DESKTOP } from '../support/hits.js';
import { describeEach, STORES } from '../support/stores.js';

/**
 * The GS1-Conformant Resolver standard 1.2, one test per rule (named by the rule), as GS1's public
 * resolver test suite checks them. docs/gs1.md lists what is not implemented.
 */
const GTIN = '09506000134352';
const GTIN13 = '9506000134352';
const OTHER_GTIN = '09506000134376';
const QUALIFIED_GTIN = '09506000134383';
const LINKSET = 'application/linkset+json';

describeEach(STORES)('GS1-Conformant resolver ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  /** An account with a custom domain: its keys live in that domain's namespace. */
  let brand: Tenant;
  const get = (url: string, headers: Record<string, string> = {}, host = 'qrelay.test') =>
    h.request({ method: 'GET', url, headers: { host, 'user-agent': DESKTOP, ...headers } });
  const register = (key: string, links: Gs1LinkInput[], tenant = t) =>
    h.services.catalog.gs1.create(ownerOf(tenant), { key, links });

  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
    brand = await h.factory.tenant({ domain: 'id.brand.example' });
    await register(`01/${GTIN}`, [
      { linkType: 'gs1:pip', href: 'https://brand.example/pip', lang: 'en', type: 'text/html', title: 'Product' },
      {
        linkType: 'gs1:pip',
        href: 'https://brand.example/pip/fr',
        lang: 'fr',
        type: 'text/html',
        title: 'Produit',
        default: true,
      },
      { linkType: 'gs1:pip', href: 'https://brand.example/pip.pdf', lang: 'en', type: 'application/pdf' },
      { linkType: 'gs1:certificationInfo', href: 'https://brand.example/cert/a', title: 'Certificate A' },
      { linkType: 'gs1:certificationInfo', href: 'https://brand.example/cert/b', title: 'Certificate <b>B</b>' },
      { linkType: 'gs1:recipeInfo', href: 'https://brand.example/recipes?from=qr#top' },
    ]);
    await register(`01/${GTIN}/10/LOT42`, [{ linkType: 'gs1:recallStatus', href: 'https://brand.example/recall/lot42' }]);
  });
  afterAll(() => h.close());

  it('SHALL support HTTP GET, HEAD and OPTIONS requests', async () => {
    expect((await get(`/01/${GTIN}`)).statusCode).toBe(307);
    const head = await h.request({ method: 'HEAD', url: `/01/${GTIN}`, headers: { host: 'qrelay.test' } });
    expect(head.statusCode).toBe(307);
    expect(head.body).toBe('');
    const options = await h.request({ method: 'OPTIONS', url: `/01/${GTIN}`, headers: { host: 'qrelay.test' } });
    expect(options.statusCode).toBe(204);
    expect(options.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(options.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    // HEAD answers what GET would, without the body: the linkset's headers, a 300's status.
    const headLinkset = await h.request({
      method: 'HEAD',
      url: `/01/${GTIN}?linkType=linkset`,
      headers: { host: 'qrelay.test' },
    });
    expect(headLinkset.statusCode).toBe(200);
    expect(headLinkset.headers['content-type']).toContain(LINKSET);
    expect(headLinkset.body).toBe('');
    const headChoices = await h.request({
      method: 'HEAD',
      url: `/01/${GTIN}?linkType=gs1:certificationInfo`,
      headers: { host: 'qrelay.test' },
    });
    expect(headChoices.statusCode).toBe(300);
    expect(headChoices.body).toBe('');
  });

  it('SHALL support CORS', async () => {
    for (const url of [
      `/01/${GTIN}`,
      `/01/${GTIN}?linkType=linkset`,
      `/01/${OTHER_GTIN}`,
      '/01/123',
      '/.well-known/gs1resolver',
    ]) {
      const res = await get(url, { origin: 'https://shop.example' });
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
    }
    expect((await get(`/01/${GTIN}`)).headers['access-control-expose-headers']).toContain('Link');
  });

  it('SHALL extract and syntactically validate the URI and report errors with 400', async () => {
    for (const url of [
      `/01/${GTIN}/foo`,
      '/01/09506000134353',
      '/01/123',
      `/01/${GTIN}/21/S/10/L`,
      `/01/${GTIN}/10/${'x'.repeat(21)}`,
      '/01',
      '/01/%E0%A4%A',
    ])
      expect((await get(url)).statusCode, url).toBe(400);
    const json = await get('/01/09506000134353', { accept: 'application/json' });
    expect(json.json().error).toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('the last digit should be 2'),
    });
  });

  it('SHALL NOT use a 200 OK response code with a resource that indicates an error condition', async () => {
    expect((await get(`/01/${OTHER_GTIN}`)).statusCode).toBe(404);
    expect((await get(`/01/${GTIN}/foo`)).statusCode).toBe(400);
    expect((await get(`/01/${GTIN}?linkType=gs1:nosuchlt`)).statusCode).toBe(404);
  });

  it('SHALL accept GTIN-8, GTIN-12 and GTIN-13 as the 14-digit GTIN they pad to', async () => {
    const res = await get(`/01/${GTIN13}`);
    expect(res.statusCode).toBe(307);
    expect(res.headers.location).toBe('https://brand.example/pip/fr');
    expect(res.headers.link).toContain(`<http://qrelay.test/01/${GTIN}?linkType=linkset>`);
  });

  it('SHALL recognise one available link as the default and redirect to it with 307', async () => {
    const res = await get(`/01/${GTIN}`);
    expect(res.statusCode).toBe(307);
    expect(res.headers.location).toBe('https://brand.example/pip/fr');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('SHALL redirect to the requested linkType if available', async () => {
    expect((await get(`/01/${GTIN}?linkType=gs1:recipeInfo`)).headers.location).toBe(
      'https://brand.example/recipes?from=qr&linkType=gs1:recipeInfo#top',
    );
    expect((await get(`/01/${GTIN}?linkType=${encodeURIComponent('https://gs1.org/voc/recipeInfo')}`)).statusCode).toBe(307);
    // gs1:defaultLink is a link type the linkset offers: asking for it is the default, whatever the headers say.
    for (const defaultLink of ['gs1:defaultLink', 'https://gs1.org/voc/defaultLink', 'https://ref.gs1.org/voc/defaultLink']) {
      const res = await get(`/01/${GTIN}?linkType=${encodeURIComponent(defaultLink)}`, { 'accept-language': 'en' });
      expect(res.statusCode, defaultLink).toBe(307);
      expect(res.headers.location, defaultLink).toMatch(/^https:\/\/brand\.example\/pip\/fr\?linkType=/);
    }
    expect((await get(`/01/${GTIN}/10/LOT42?linkType=gs1:defaultLink`)).headers.location).toMatch(
      /^https:\/\/brand\.example\/recall\/lot42\?/,
    );
  });

  it('SHALL recognise the GS1 Web vocabulary namespace for link types; no other namespace stands in for it', async () => {
    for (const linkType of [
      'gs1:recipeInfo',
      'https://gs1.org/voc/recipeInfo',
      'https://ref.gs1.org/voc/recipeInfo',
      'https://www.gs1.org/voc/recipeInfo',
    ])
      expect((await get(`/01/${GTIN}?linkType=${encodeURIComponent(linkType)}`)).statusCode, linkType).toBe(307);
    for (const linkType of ['schema:recipeInfo', 'https://schema.org/recipeInfo', 'recipeInfo'])
      expect((await get(`/01/${GTIN}?linkType=${encodeURIComponent(linkType)}`)).statusCode, linkType).toBe(404);
    const description = (await get('/.well-known/gs1resolver')).json();
    expect(description.supportedLinkType).toEqual([{ namespace: 'https://gs1.org/voc/', prefix: 'gs1:' }]);
  });

  it('SHALL answer 404 when the requested linkType is not available', async () => {
    const res = await get(`/01/${GTIN}?linkType=gs1:nutritionalInfo`);
    expect(res.statusCode).toBe(404);
  });

  it('SHALL pass on all key=value pairs in the query string when redirecting', async () => {
    const res = await get(`/01/${GTIN}?foo=bar&p=shelf`);
    expect(res.headers.location).toBe('https://brand.example/pip/fr?foo=bar&p=shelf');
  });

  it('SHALL redirect to the default link unless the request matches link metadata better (language, then media type)', async () => {
    expect((await get(`/01/${GTIN}`, { 'accept-language': 'en-GB,en;q=0.8' })).headers.location).toBe(
      'https://brand.example/pip',
    );
    expect((await get(`/01/${GTIN}`, { 'accept-language': 'de' })).headers.location).toBe('https://brand.example/pip/fr');
    expect((await get(`/01/${GTIN}`, { 'accept-language': 'en', accept: 'application/pdf' })).headers.location).toBe(
      'https://brand.example/pip.pdf',
    );
    expect(
      (await get(`/01/${GTIN}?linkType=gs1:pip`, { 'accept-language': 'fr-CA', accept: 'text/html,*/*;q=0.8' })).headers.location,
    ).toBe('https://brand.example/pip/fr?linkType=gs1:pip');
  });

  it('SHOULD answer 300 Multiple Choices when several links of the requested type fit equally well', async () => {
    const res = await get(`/01/${GTIN}?linkType=gs1:certificationInfo`);
    expect(res.statusCode).toBe(300);
    expect(res.headers['content-type']).toContain(LINKSET);
    const context = res.json().linkset[0];
    expect(Object.keys(context)).toEqual(['anchor', 'itemDescription', 'https://gs1.org/voc/certificationInfo']);
    expect(context['https://gs1.org/voc/certificationInfo'].map((l: { href: string }) => l.href)).toEqual([
      'https://brand.example/cert/a',
      'https://brand.example/cert/b',
    ]);
    // A browser gets a page of the choices, every title escaped.
    const page = await get(`/01/${GTIN}?linkType=gs1:certificationInfo`, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(page.statusCode).toBe(300);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<a href="https://brand.example/cert/a">Certificate A</a>');
    expect(page.body).toContain('Certificate &lt;b>B&lt;/b>');
    expect(page.body).not.toContain('<b>B</b>');
  });

  it('SHALL walk up from an unknown qualifier value to the primary key; the most specific level wins', async () => {
    expect((await get(`/01/${GTIN}/10/UNKNOWN/21/S1`)).headers.location).toBe('https://brand.example/pip/fr');
    expect((await get(`/01/${GTIN}/10/LOT42/21/S1`)).headers.location).toBe('https://brand.example/recall/lot42');
    // A link type the lot lacks comes from the GTIN.
    expect((await get(`/01/${GTIN}/10/LOT42?linkType=gs1:recipeInfo`)).statusCode).toBe(307);
  });

  it('SHALL support all the key qualifiers of each primary key it supports, walking up from values it does not hold', async () => {
    const asked: [key: string, requests: string[]][] = [
      [`01/${QUALIFIED_GTIN}`, ['22/V1', '10/L1', '21/S1', '22/V1/10/L1/21/S1', '235/TPX-1']],
      ['414/9521321000018', ['254/32a', '7040/1AB-']],
      ['417/9521321000018', ['7040/9xy_']],
      ['8004/0180451111ABC987', ['7040/0AB-']],
      ['8018/106141411234567897', ['8019/123']],
    ];
    const other = await h.factory.tenant();
    for (const [key, requests] of asked) {
      await register(key, [{ linkType: 'gs1:pip', href: `https://brand.example/${key}` }], other);
      for (const qualifiers of requests) {
        const res = await get(`/${key}/${qualifiers}`);
        expect(res.statusCode, `${key}/${qualifiers}`).toBe(307);
        expect(res.headers.location, `${key}/${qualifiers}`).toBe(`https://brand.example/${key}`);
      }
    }
    // A qualifier registered itself answers for itself.
    await register('8018/106141411234567897/8019/123', [{ linkType: 'gs1:pip', href: 'https://brand.example/srin' }], other);
    expect((await get('/8018/106141411234567897/8019/123')).headers.location).toBe('https://brand.example/srin');
  });

  it('SHOULD tolerate a trailing slash', async () => {
    for (const path of [`/01/${GTIN}`, `/01/${GTIN}/10/LOT42`]) {
      const [plain, slash] = [await get(path), await get(`${path}/`)];
      expect(slash.statusCode).toBe(plain.statusCode);
      expect(slash.headers.location).toBe(plain.headers.location);
    }
  });

  it('SHALL return the linkset for linkType=linkset (and the deprecated all) without redirecting, with every level up to the primary key', async () => {
    for (const linkType of ['linkset', 'all']) {
      const res = await get(`/01/${GTIN}/10/LOT42/21/S9?linkType=${linkType}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['content-type']).toContain(LINKSET);
      expect(res.json().linkset.map((c: { anchor: string }) => c.anchor)).toEqual([
        `http://qrelay.test/01/${GTIN}/10/LOT42`,
        `http://qrelay.test/01/${GTIN}`,
      ]);
      expect(res.json().linkset[0].itemDescription).toBe(`GTIN ${GTIN}, batch/lot (AI 10) LOT42`);
    }
  });

  it('SHALL return the linkset as RFC 9264 JSON when Accept is application/linkset+json', async () => {
    const res = await get(`/01/${GTIN13}`, { accept: LINKSET });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(LINKSET);
    expect(res.headers.vary).toContain('Accept');
    expect(res.json().linkset[0].anchor).toBe(`http://qrelay.test/01/${GTIN}`);
  });

  it("SHALL serve a linkset of RFC 9264's shape valid against GS1's linkset schema, with exactly one default link holding only href and title", async () => {
    const body = JSON.parse((await get(`/01/${GTIN}?linkType=linkset`)).body) as { linkset: Record<string, unknown>[] };
    expect(Array.isArray(body.linkset)).toBe(true);
    const context = body.linkset[0]!;
    expect(context.anchor).toMatch(/^https?:\/\/[a-zA-Z0-9./]+/);
    // The schema requires an item description of every context object and allows nothing else but links.
    expect(context.itemDescription).toBe(`GTIN ${GTIN}`);
    for (const [rel, targets] of Object.entries(context)) {
      if (rel === 'anchor' || rel === 'itemDescription') continue;
      expect(rel).toMatch(/^https?:\/\/[a-zA-Z0-9./]+$/);
      expect(Array.isArray(targets)).toBe(true);
      for (const target of targets as Record<string, unknown>[]) {
        expect(Object.keys(target).every((k) => ['href', 'title', 'type', 'hreflang'].includes(k))).toBe(true);
        expect(target.href).toMatch(/^https?:\/\//);
        expect(typeof target.title).toBe('string');
        if (target.type !== undefined) expect(target.type).toMatch(/\w+\/[-+.\w]+/);
        if (target.hreflang !== undefined)
          for (const lang of target.hreflang as string[]) expect(lang).toMatch(/(^\w{2}$)|(^\w{2}-\w{2}$)/);
      }
    }
    expect(context['https://gs1.org/voc/defaultLink']).toEqual([{ href: 'https://brand.example/pip/fr', title: 'Produit' }]);
    expect(context['https://gs1.org/voc/recipeInfo']).toEqual([
      { href: 'https://brand.example/recipes?from=qr#top', title: 'Recipes' },
    ]);
  });

  it('SHOULD expose the link to the linkset in an HTTP Link header, even when redirecting', async () => {
    const res = await get(`/01/${GTIN}/10/LOT42`);
    expect(res.headers.link).toBe(`<http://qrelay.test/01/${GTIN}/10/LOT42?linkType=linkset>; rel="linkset"; type="${LINKSET}"`);
  });

  it('SHOULD link the linkset to its JSON-LD context file', async () => {
    const link = (await get(`/01/${GTIN}?linkType=linkset`)).headers.link as string;
    expect(link).toContain('rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"');
  });

  it('SHALL provide a resolver description file at /.well-known/gs1resolver', async () => {
    const own = (await get('/.well-known/gs1resolver')).json();
    expect(own).toMatchObject({
      name: 'qrelay',
      resolverRoot: 'http://qrelay.test',
      supportedLinkType: [{ namespace: 'https://gs1.org/voc/', prefix: 'gs1:' }],
      linkTypeDefaultCanBeLinkset: false,
    });
    expect(own.supportedPrimaryKeys).toEqual(expect.arrayContaining(['01', '00', '414', '8003', '8004']));
    expect((await get('/.well-known/gs1resolver', {}, 'id.brand.example')).json().resolverRoot).toBe('http://id.brand.example');
  });

  it("looks keys up in the namespace of the request's host: the service's own, or a custom domain's", async () => {
    const other = await h.factory.tenant({ domain: 'other.example' });
    // The same GTIN, registered on the service's host and on two custom domains, answers differently on each.
    await register(`01/${GTIN}`, [{ linkType: 'gs1:pip', href: 'https://brand.example/own' }], brand);
    await register(`01/${OTHER_GTIN}`, [{ linkType: 'gs1:pip', href: 'https://shop.other.example/pip' }], other);
    const own = await get(`/01/${GTIN}`, {}, 'id.brand.example');
    expect(own.statusCode).toBe(307);
    expect(own.headers.location).toBe('https://brand.example/own');
    expect(own.headers.link).toContain('<http://id.brand.example/01/');
    expect((await get(`/01/${GTIN}`)).headers.location).toBe('https://brand.example/pip/fr');
    expect((await get(`/01/${GTIN}`, {}, 'other.example')).statusCode).toBe(404);
    expect((await get(`/01/${OTHER_GTIN}`, {}, 'other.example')).headers.location).toBe('https://shop.other.example/pip');
    expect((await get(`/01/${OTHER_GTIN}`)).statusCode).toBe(404);
    expect((await get(`/01/${OTHER_GTIN}`, {}, 'id.brand.example')).statusCode).toBe(404);
  });

  it("answers on a custom domain for its account's keys registered on the service's host before keys had namespaces", async () => {
    const legacy = '09506000134390';
    const repo = new Gs1Repository(h.infra.database.db);
    await repo.insert({
      id: newId(),
      accountId: brand.account.id,
      domain: '',
      key: `01/${legacy}`,
      primaryAi: '01',
      links: [{ linkType: 'gs1:pip', href: 'https://brand.example/legacy', lang: null, type: null, title: 'P', isDefault: true }],
      createdAt: h.clock.now(),
      updatedAt: h.clock.now(),
    });
    expect((await get(`/01/${legacy}`)).headers.location).toBe('https://brand.example/legacy');
    expect((await get(`/01/${legacy}`, {}, 'id.brand.example')).headers.location).toBe('https://brand.example/legacy');
    // Once the account registers the key on its domain, that registration answers there.
    await register(`01/${legacy}`, [{ linkType: 'gs1:pip', href: 'https://brand.example/now' }], brand);
    expect((await get(`/01/${legacy}`, {}, 'id.brand.example')).headers.location).toBe('https://brand.example/now');
    expect((await get(`/01/${legacy}?linkType=linkset`, {}, 'id.brand.example')).json().linkset).toHaveLength(1);
    expect((await get(`/01/${legacy}`)).headers.location).toBe('https://brand.example/legacy');
  });

  it('SHALL support OPTIONS with the Link header to the linkset, as GET answers it', async () => {
    for (const [host, origin] of [
      ['qrelay.test', 'http://qrelay.test'],
      ['id.brand.example', 'http://id.brand.example'],
    ]) {
      const res = await h.request({ method: 'OPTIONS', url: `/01/${GTIN13}/10/LOT42/`, headers: { host } });
      expect(res.statusCode).toBe(204);
      expect(res.headers.link).toBe(`<${origin}/01/${GTIN}/10/LOT42?linkType=linkset>; rel="linkset"; type="${LINKSET}"`);
    }
    expect((await get(`/01/${GTIN}/10/LOT42`)).headers.link).toBe(
      (await h.request({ method: 'OPTIONS', url: `/01/${GTIN}/10/LOT42`, headers: { host: 'qrelay.test' } })).headers.link,
    );
    // A malformed path has no linkset to point to; the preflight still answers.
    const malformed = await h.request({ method: 'OPTIONS', url: '/01/123', headers: { host: 'qrelay.test' } });
    expect(malformed.statusCode).toBe(204);
    expect(malformed.headers.link).toBeUndefined();
  });

  it('answers errors to a JSON client with the error envelope and its docs address', async () => {
    for (const [url, status, code] of [
      ['/01/09506000134353', 400, 'invalid_request'],
      [`/01/${OTHER_GTIN}`, 404, 'not_found'],
      [`/01/${GTIN}?linkType=gs1:nutritionalInfo`, 404, 'not_found'],
    ] as const) {
      const res = await get(url, { accept: 'application/json' });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.json().error, url).toEqual({
        code,
        message: expect.stringMatching(/\S/),
        docs: `http://qrelay.test/docs/errors#${code}`,
      });
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
    }
    // A browser still gets a page.
    expect((await get(`/01/${OTHER_GTIN}`, { accept: 'text/html' })).headers['content-type']).toContain('text/html');
  });

  it('answers 405 with Allow to every method but GET, HEAD and OPTIONS, whatever the body', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const)
      for (const url of [`/01/${GTIN}`, `/01/${GTIN}/10/LOT42`, '/01', '/01/123'])
        for (const body of [{}, { payload: 'x=1', headers: { 'content-type': 'text/plain' } }, { payload: { a: 1 } }]) {
          const res = await h.request({ method, url, ...body, headers: { host: 'qrelay.test', ...body.headers } });
          expect(res.statusCode, `${method} ${url}`).toBe(405);
          expect(res.headers.allow, `${method} ${url}`).toBe('GET, HEAD, OPTIONS');
          expect(res.headers['content-type']).toContain('text/html');
        }
    const json = await h.request({
      method: 'POST',
      url: `/01/${GTIN}`,
      headers: { host: 'qrelay.test', accept: 'application/json' },
    });
    expect(json.statusCode).toBe(405);
    expect(json.json().error).toMatchObject({ code: 'invalid_request', docs: 'http://qrelay.test/docs/errors#invalid_request' });
    // Nothing was changed or recorded: the key still resolves.
    expect((await get(`/01/${GTIN}`)).statusCode).toBe(307);
  });

  it('records a gs1_resolve event for each human resolution; HEAD and robots are not counted', async () => {
    const before = await eventCount();
    await get(`/01/${GTIN}`);
    await get(`/01/${GTIN}/10/LOT42`);
    await get(`/01/${GTIN}`, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await h.request({ method: 'HEAD', url: `/01/${GTIN}`, headers: { host: 'qrelay.test', 'user-agent': DESKTOP } });
    await get(`/01/${GTIN}?linkType=linkset`);
    await h.services.traffic.recorder.flush();
    const events = (await h.request({ method: 'GET', url: '/api/v1/events?type=gs1_resolve', token: t.token })).json().data;
    expect(events.length - before).toBe(2);
    expect(events[0]).toMatchObject({ type: 'gs1_resolve', codeId: null, browser: 'Chrome' });
  });

  async function eventCount(): Promise<number> {
    await h.services.traffic.recorder.flush();
    return (await h.request({ method: 'GET', url: '/api/v1/events?type=gs1_resolve', token: t.token })).json().data.length;
  }
});
