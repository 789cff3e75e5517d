import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_RATE_PER_MINUTE } from '../../src/http/app/session.guard.js';
import { ownerOf } from '../support/actors.js';
import { ownerBrowser, type Browser } from '../support/browser.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';

const ID = '01900000-0000-7000-8000-000000000000';
const CODE = { name: 'Poster', url: 'https://example.com' };

/**
 * The v1 routes are mounted once, under /api/v1, and the dashboard reaches them at /app/api/v1:
 * the address a request comes in on decides its credential, never the credential it carries.
 */
describeEach(STORES)('the API and the dashboard on one mount of the v1 routes ($name)', (store) => {
  let h: Harness;
  let tenant: Awaited<ReturnType<Harness['factory']['tenant']>>;
  let browser: Browser;
  beforeAll(async () => {
    h = await createHarness(store);
    tenant = await h.factory.tenant({ plan: 'business' });
    browser = await ownerBrowser(h, tenant);
  });
  afterAll(() => h.close());

  const cookie = () => [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const bearer = () => `Bearer ${tenant.token}`;

  it('registers each v1 route once, under /api/v1 only', () => {
    expect(h.app.hasRoute({ method: 'GET', url: '/api/v1/codes' })).toBe(true);
    expect(h.app.hasRoute({ method: 'GET', url: '/app/api/v1/codes' })).toBe(false);
    expect(h.app.hasRoute({ method: 'POST', url: '/app/api/v1/media' })).toBe(false);
  });

  it('refuses the session cookie and its CSRF token on /api/v1, even beside a wrong bearer token', async () => {
    for (const authorization of [undefined, 'Bearer qrelay1_not-a-token']) {
      const response = await h.request({
        method: 'POST',
        url: '/api/v1/codes',
        payload: CODE,
        headers: { cookie: cookie(), 'x-csrf-token': browser.csrfToken, ...(authorization ? { authorization } : {}) },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('unauthorized');
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.headers['ratelimit-limit']).toBeDefined();
    }
    expect(await h.services.catalog.codes.list(ownerOf(tenant), { limit: 10, offset: 0 })).toEqual([]);
  });

  it('refuses a bearer token on /app/api/v1, with or without a CSRF token, even beside a wrong session cookie', async () => {
    const csrf = { cookie: `qrelay_csrf=${browser.cookies.get('qrelay_csrf')}`, 'x-csrf-token': browser.csrfToken };
    const read = await h.request({ method: 'GET', url: '/app/api/v1/me', headers: { authorization: bearer() } });
    expect(read.statusCode).toBe(401);
    expect(read.json().error.message).toBe('Sign in to continue.');
    const write = await h.request({
      method: 'POST',
      url: '/app/api/v1/codes',
      payload: CODE,
      headers: { authorization: bearer(), ...csrf },
    });
    expect(write.statusCode).toBe(401);
    const wrongSession = await h.request({
      method: 'GET',
      url: '/app/api/v1/codes',
      headers: { authorization: bearer(), cookie: `qrelay_session=${'x'.repeat(43)}` },
    });
    expect(wrongSession.statusCode).toBe(401);
    const withoutCsrf = await h.request({
      method: 'POST',
      url: '/app/api/v1/codes',
      payload: CODE,
      headers: { authorization: bearer() },
    });
    expect(withoutCsrf.statusCode).toBe(403);
  });

  it('lets each surface use its own credential when both are sent', async () => {
    const both = { authorization: bearer(), cookie: cookie() };
    const api = await h.request({ method: 'GET', url: '/api/v1/me', headers: both });
    expect(api.statusCode).toBe(200);
    expect(api.headers['quota-limit']).toBeDefined();
    const dashboard = await h.request({ method: 'GET', url: '/app/api/v1/me', headers: both });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.headers['ratelimit-limit']).toBeUndefined();
    expect(dashboard.headers['quota-limit']).toBeUndefined();
  });

  it('answers 404 for a dashboard-only route under /api/v1, after the bearer check like any unknown path', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/media/folders'],
      ['PATCH', `/api/v1/media/${ID}`],
      ['DELETE', `/api/v1/media/folders/${ID}`],
      ['POST', '/api/v1/previews/forms'],
    ] as const) {
      const found = await h.request({ method, url, token: tenant.token, payload: { name: 'Logos' } });
      expect(found.statusCode, `${method} ${url}`).toBe(404);
      expect(found.json().error.message).toBe(`No such endpoint ${method} ${url}.`);
      const anonymous = await h.request({ method, url, payload: { name: 'Logos' } });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const session = await browser.request({ method, url, payload: { name: 'Logos' } });
      expect(session.statusCode, `${method} ${url}`).toBe(401);
    }
    const created = await browser.request({ method: 'POST', url: '/app/api/v1/media/folders', payload: { name: 'Logos' } });
    expect(created.statusCode).toBe(201);
  });

  it('answers 404 for the public OpenAPI document under /app/api/v1', async () => {
    expect((await h.request({ method: 'GET', url: '/api/v1/openapi.json' })).statusCode).toBe(200);
    const dashboard = await browser.request({ method: 'GET', url: '/app/api/v1/openapi.json' });
    expect(dashboard.statusCode).toBe(404);
    expect(dashboard.json().error.code).toBe('not_found');
  });

  it("answers an unknown path with each surface's not-found: the API after the bearer check, the dashboard after CSRF only", async () => {
    expect((await h.request({ method: 'GET', url: '/api/v1/nope' })).statusCode).toBe(401);
    const api = await h.request({ method: 'GET', url: '/api/v1/nope', token: tenant.token });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.message).toBe('No such endpoint GET /api/v1/nope.');
    const signedOut = await h.request({ method: 'GET', url: '/app/api/v1/nope?x=1' });
    expect(signedOut.statusCode).toBe(404);
    expect(signedOut.json().error.message).toBe('No such endpoint GET /app/api/v1/nope.');
    expect((await browser.request({ method: 'POST', url: '/app/api/v1/nope', payload: {}, csrf: false })).statusCode).toBe(403);
    const posted = await browser.request({ method: 'POST', url: '/app/api/v1/nope', payload: {} });
    expect(posted.statusCode).toBe(404);
    expect(posted.json().error.message).toBe('No such endpoint POST /app/api/v1/nope.');
  });

  it("brakes a session at the dashboard's rate, apart from the person's tokens", async () => {
    const other = await h.factory.tenant({ plan: 'business' });
    const person = await ownerBrowser(h, other);
    const found = await h.services.identity.sessions.authenticate(person.cookies.get('qrelay_session')!);
    for (let i = 0; i < DASHBOARD_RATE_PER_MINUTE; i += 1)
      await h.services.platform.limits.takeRate(`session:${found!.session.id}`, DASHBOARD_RATE_PER_MINUTE);
    const braked = await person.request({ method: 'GET', url: '/app/api/v1/codes' });
    expect(braked.statusCode).toBe(429);
    expect(braked.headers['retry-after']).toBeDefined();
    expect((await h.request({ method: 'GET', url: '/api/v1/codes', token: other.token })).statusCode).toBe(200);
    h.clock.advance(60_000);
    expect((await person.request({ method: 'GET', url: '/app/api/v1/codes' })).statusCode).toBe(200);
  });
});

describe('the request log and API metrics', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(STORES[0]!);
  });
  afterAll(() => h.close());

  it('count /api/v1 requests, not the dashboard’s calls to the same routes', async () => {
    const tenant = await h.factory.tenant();
    const browser = await ownerBrowser(h, tenant);
    const counted = async () => {
      const text = (await h.request({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
      return text
        .split('\n')
        .filter((line) => line.startsWith('qrelay_api_requests_total{') && line.includes('route="/api/v1/codes"'));
    };
    expect((await browser.request({ method: 'GET', url: '/app/api/v1/codes' })).statusCode).toBe(200);
    expect(await counted()).toEqual([]);
    expect((await h.request({ method: 'GET', url: '/api/v1/codes', token: tenant.token })).statusCode).toBe(200);
    expect(await counted()).toEqual([expect.stringMatching(/ 1$/)]);
  });
});
