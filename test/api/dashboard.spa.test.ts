import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROOT } from '../../src/http/app/spa.js';
import { createHarness, type Harness } from '../support/harness.js';
import { STORES } from '../support/stores.js';

describe.runIf(existsSync(`${WEB_ROOT}index.html`))("the dashboard's files", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(STORES[0]!);
  });
  afterAll(() => h.close());

  it('sends / to the dashboard', async () => {
    const response = await h.request({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/app/');
  });

  it('answers client routes with the page, never cached', async () => {
    for (const url of ['/app', '/app/', '/app/codes', '/app/codes/0190abc', '/app/settings/tokens?x=1']) {
      const response = await h.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and loads nothing from elsewhere', async () => {
    const page = (await h.request({ method: 'GET', url: '/app/' })).body;
    expect(page).not.toMatch(/(src|href)="(https?:)?\/\//);
    // The build's brotli and gzip copies are tested in dashboard.spa-compression.test.ts.
    const assets = readdirSync(`${WEB_ROOT}assets`).filter((name) => !/\.(br|gz)$/.test(name));
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const response = await h.request({ method: 'GET', url: `/app/assets/${asset}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body).not.toMatch(/@import\s+url\(\s*['"]?https?:|fonts\.googleapis|cdn\.jsdelivr|unpkg\.com/);
    }
  });

  it('forbids inline scripts and other origins by its Content-Security-Policy, and the page needs neither', async () => {
    const response = await h.request({ method: 'GET', url: '/app/codes' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
    // Every script of the built page is a file of its own: an inline one would be refused by the policy.
    const scripts = [...response.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/app\/assets\//);
      expect(body!.trim()).toBe('');
    }
    expect(response.body).not.toMatch(/<style\b|\son[a-z]+=/i);
    const asset = readdirSync(`${WEB_ROOT}assets`).find((name) => name.endsWith('.js'))!;
    const file = await h.request({ method: 'GET', url: `/app/assets/${asset}` });
    expect(file.headers['content-security-policy']).toBe(policy);
  });

  it('answers unknown files and unknown session routes with 404', async () => {
    expect((await h.request({ method: 'GET', url: '/app/assets/nope.js' })).statusCode).toBe(404);
    const api = await h.request({ method: 'GET', url: '/app/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
  });
});

describe('a homepage set by the operator', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(STORES[0]!, { env: { HOMEPAGE_URL: 'https://www.example.com/qr' } });
  });
  afterAll(() => h.close());

  it('is where / leads', async () => {
    const response = await h.request({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://www.example.com/qr');
  });
});
