import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_CSP, WEB_ROOT } from '../../src/http/app/spa.js';
import { createHarness, type Harness } from '../support/harness.js';
import { STORES } from '../support/stores.js';

const YEAR = 'public, max-age=31536000, immutable';

/** The body as sent, decoded by its Content-Encoding. */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

const built = existsSync(`${WEB_ROOT}index.html`);
/** The bundle's entry script: the largest .js of web/dist/assets, precompressed by the build. */
const entry = built
  ? readdirSync(`${WEB_ROOT}assets`)
      .filter((name) => name.endsWith('.js'))
      .sort((a, b) => readFileSync(`${WEB_ROOT}assets/${b}`).length - readFileSync(`${WEB_ROOT}assets/${a}`).length)[0]!
  : '';

describe.runIf(built)("the dashboard's files, compressed by the build", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(STORES[0]!);
  });
  afterAll(() => h.close());

  it('has a brotli and a gzip copy beside the page and each text asset', () => {
    expect(existsSync(`${WEB_ROOT}index.html.br`)).toBe(true);
    expect(existsSync(`${WEB_ROOT}index.html.gz`)).toBe(true);
    for (const name of readdirSync(`${WEB_ROOT}assets`).filter((n) => /\.(js|css)$/.test(n))) {
      // A copy no smaller than its file is left out; a script or a style sheet of any size gains.
      if (readFileSync(`${WEB_ROOT}assets/${name}`).length < 200) continue;
      expect(existsSync(`${WEB_ROOT}assets/${name}.br`), name).toBe(true);
      expect(existsSync(`${WEB_ROOT}assets/${name}.gz`), name).toBe(true);
    }
  });

  const cases = [
    { accept: 'br, gzip, deflate', encoding: 'br' },
    { accept: 'gzip', encoding: 'gzip' },
    { accept: 'gzip;q=0.5, br;q=0', encoding: 'gzip' },
    { accept: undefined, encoding: undefined },
    { accept: 'identity', encoding: undefined },
  ];

  for (const { accept, encoding } of cases) {
    const asked = accept ?? 'no Accept-Encoding';

    it(`sends a hashed asset ${encoding ?? 'as it is'} for ${asked}, cached a year`, async () => {
      const plain = readFileSync(`${WEB_ROOT}assets/${entry}`);
      const response = await h.request({
        method: 'GET',
        url: `/app/assets/${entry}`,
        headers: accept ? { 'accept-encoding': accept } : {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(response.headers['cache-control']).toBe(YEAR);
      expect(response.headers['content-security-policy']).toBe(DASHBOARD_CSP);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      if (encoding) expect(response.rawPayload.length).toBeLessThan(plain.length / 2);
      expect(decoded(response.rawPayload, encoding).equals(plain)).toBe(true);
    });

    it(`sends the page ${encoding ?? 'as it is'} for ${asked}, at /app/ and every client route, never cached`, async () => {
      const plain = readFileSync(`${WEB_ROOT}index.html`);
      for (const url of ['/app', '/app/', '/app/codes/0190abc', '/app/settings/tokens?x=1']) {
        const response = await h.request({ method: 'GET', url, headers: accept ? { 'accept-encoding': accept } : {} });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-encoding'], url).toBe(encoding);
        expect(response.headers.vary, url).toMatch(/accept-encoding/i);
        expect(response.headers['content-type'], url).toContain('text/html');
        expect(response.headers['cache-control'], url).toBe('no-cache');
        expect(response.headers['content-security-policy'], url).toBe(DASHBOARD_CSP);
        expect(decoded(response.rawPayload, encoding).equals(plain), url).toBe(true);
      }
    });
  }

  it('answers a HEAD with the headers of the copy it would send', async () => {
    const response = await h.request({ method: 'HEAD', url: `/app/assets/${entry}`, headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(Number(response.headers['content-length'])).toBe(readFileSync(`${WEB_ROOT}assets/${entry}.br`).length);
  });

  it('answers an unknown file with 404 whatever the client accepts', async () => {
    for (const accept of ['br, gzip', 'gzip', '']) {
      const response = await h.request({ method: 'GET', url: '/app/assets/nope.js', headers: { 'accept-encoding': accept } });
      expect(response.statusCode, accept).toBe(404);
    }
  });
});
