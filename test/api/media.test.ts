import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MEDIA_CACHE_CONTROL, SVG_CSP } from '../../src/http/media/routes.js';
import { ownerBrowser, type Browser } from '../support/browser.js';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { mcpClient, mcpUrl } from '../support/mcp.js';
import { HOSTILE_SVG, formData, noisyPng, pdfWithScript, raster } from '../support/media.js';
import { describeEach, STORES } from '../support/stores.js';

describeEach(STORES)('media library over HTTP ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  let browser: Browser;
  beforeAll(async () => {
    h = await createHarness(store, { env: { MEDIA_MAX_FILE_BYTES: '3000' } });
    t = await h.factory.tenant();
    browser = await dashboardOf(t);
  });
  afterAll(() => h.close());

  const dashboardOf = (tenant: Tenant) => ownerBrowser(h, tenant);

  const upload = (as: Browser, bytes: Buffer, filename: string, extra: Array<{ name: string; value: string }> = []) =>
    as.request({ method: 'POST', url: '/app/api/v1/media', ...formData([{ name: 'file', value: bytes, filename }, ...extra]) });

  const served = (url: string) => h.request({ method: 'GET', url: new URL(url).pathname });

  it('uploads from the dashboard and serves the bytes at an immutable content address', async () => {
    const png = await raster('png');
    const response = await upload(browser, png, 'logo.png', [{ name: 'name', value: 'Our logo' }]);
    expect(response.statusCode).toBe(201);
    const item = response.json().data;
    expect(item).toEqual({
      id: expect.any(String),
      name: 'Our logo',
      type: 'image/png',
      size: expect.any(Number),
      width: 12,
      height: 8,
      folderId: null,
      url: expect.stringMatching(/^http:\/\/qrelay\.test\/media\/[0-9a-f]{64}\.png$/),
      createdAt: expect.any(String),
    });
    const file = await served(item.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': MEDIA_CACHE_CONTROL,
      'x-content-type-options': 'nosniff',
    });
    expect(file.rawPayload.length).toBe(item.size);
    const etag = String(file.headers.etag);
    const again = await h.request({ method: 'GET', url: new URL(item.url).pathname, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect((await h.request({ method: 'GET', url: new URL(item.url).pathname.replace('.png', '.svg') })).statusCode).toBe(404);
  });

  it('serves an uploaded SVG without its script or handlers, under a CSP that forbids running anything', async () => {
    const response = await upload(browser, HOSTILE_SVG, 'mark.svg');
    expect(response.statusCode).toBe(201);
    const file = await served(response.json().data.url);
    expect(file.headers['content-type']).toBe('image/svg+xml');
    expect(file.headers['content-security-policy']).toBe(SVG_CSP);
    for (const gone of ['<script', 'onload', 'onclick', 'alert(', 'evil.example']) expect(file.body).not.toContain(gone);
    expect(file.body).toContain('<rect');
  });

  it('accepts JPEG and PDF files, judged by their bytes', async () => {
    const jpeg = await upload(browser, await raster('jpeg'), 'photo.pdf');
    expect(jpeg.json().data).toMatchObject({ type: 'image/jpeg', name: 'photo.pdf' });
    const pdf = await upload(browser, await pdfWithScript(), 'menu');
    expect(pdf.json().data).toMatchObject({ type: 'application/pdf', width: null, height: null });
    expect(pdf.json().data.url).toMatch(/\.pdf$/);
    expect((await served(pdf.json().data.url)).headers['content-type']).toBe('application/pdf');
  });

  it('refuses a text file named .png and an oversize file in the envelope', async () => {
    const text = await upload(browser, Buffer.from('this is not an image'), 'logo.png');
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/judged by its content/) });
    const big = await upload(browser, await noisyPng(40), 'big.png');
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/larger than/) });
    const none = await browser.request({ method: 'POST', url: '/app/api/v1/media', ...formData([{ name: 'name', value: 'x' }]) });
    expect(none.statusCode).toBe(400);
  });

  it('refuses control characters in the name and the file name, naming the field, and stores nothing', async () => {
    const png = await raster('png');
    const before = (await browser.request({ method: 'GET', url: '/app/api/v1/media' })).json().data.length;
    for (const [filename, name, field] of [
      ['logo.png', 'a\u0000b', 'name'],
      ['logo.png', 'a\u0001b', 'name'],
      ['logo.png', 'a\r\nb', 'name'],
      ['lo\u0000go.png', undefined, 'file name'],
      ['lo\u0001go.png', undefined, 'file name'],
    ] as const) {
      const res = await upload(browser, png, filename, name === undefined ? [] : [{ name: 'name', value: name }]);
      expect(res.statusCode, JSON.stringify([filename, name])).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'invalid_request',
        message: `${field} must not contain control characters.`,
      });
    }
    expect((await browser.request({ method: 'GET', url: '/app/api/v1/media' })).json().data.length).toBe(before);
  });

  it('answers two files in one upload with 400, not 413', async () => {
    const png = await raster('png');
    const two = await browser.request({
      method: 'POST',
      url: '/app/api/v1/media',
      ...formData([
        { name: 'file', value: png, filename: 'a.png' },
        { name: 'file', value: png, filename: 'b.png' },
      ]),
    });
    expect(two.statusCode).toBe(400);
    expect(two.json().error.code).toBe('invalid_request');
  });

  it('refuses an upload without the CSRF token', async () => {
    const { payload, headers } = formData([{ name: 'file', value: await raster('png'), filename: 'a.png' }]);
    const response = await browser.request({ method: 'POST', url: '/app/api/v1/media', payload, headers, csrf: false });
    expect(response.statusCode).toBe(403);
  });

  it('never lets a token upload, whatever its scopes', async () => {
    const multipart = formData([{ name: 'file', value: await raster('png'), filename: 'a.png' }]);
    const response = await h.request({ method: 'POST', url: '/api/v1/media', token: t.token, ...multipart });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
    const json = await h.request({ method: 'POST', url: '/api/v1/media', token: t.token, payload: { name: 'x' } });
    expect(json.statusCode).toBe(404);
    expect((await h.request({ method: 'DELETE', url: '/api/v1/media/x', token: t.token })).statusCode).toBe(404);
  });

  it('lists and reads with media:read only, and answers 404 for another account', async () => {
    const item = (await upload(browser, await raster('gif'), 'a.gif')).json().data;
    const reader = await h.factory.token(t.account.id, ['media:read']);
    const list = await h.request({ method: 'GET', url: '/api/v1/media?limit=100', token: reader });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toContainEqual(item);
    expect((await h.request({ method: 'GET', url: `/api/v1/media/${item.id}`, token: reader })).json().data).toEqual(item);
    const codesOnly = await h.factory.token(t.account.id, ['codes:read']);
    expect((await h.request({ method: 'GET', url: '/api/v1/media', token: codesOnly })).statusCode).toBe(403);
    const other = await h.factory.tenant();
    const foreign = await h.request({ method: 'GET', url: `/api/v1/media/${item.id}`, token: other.token });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await dashboardOf(other).then((b) => b.request({ method: 'DELETE', url: `/app/api/v1/media/${item.id}` }))).statusCode,
    ).toBe(404);
  });

  it('files uploads into folders from the dashboard and lists folders with media:read', async () => {
    const created = await browser.request({ method: 'POST', url: '/app/api/v1/media/folders', payload: { name: 'Logos' } });
    expect(created.statusCode).toBe(201);
    const folder = created.json().data;
    const item = (await upload(browser, await raster('webp'), 'w.webp', [{ name: 'folderId', value: folder.id }])).json().data;
    expect(item.folderId).toBe(folder.id);
    const folders = await h.request({ method: 'GET', url: '/api/v1/media/folders', token: t.token });
    expect(folders.json().data).toEqual([folder]);
    const inFolder = await h.request({ method: 'GET', url: `/api/v1/media?folderId=${folder.id}`, token: t.token });
    expect(inFolder.json().data.map((f: { id: string }) => f.id)).toEqual([item.id]);
    const renamed = await browser.request({
      method: 'PATCH',
      url: `/app/api/v1/media/${item.id}`,
      payload: { name: 'Wordmark', folderId: null },
    });
    expect(renamed.json().data).toMatchObject({ name: 'Wordmark', folderId: null });
    const deleted = await browser.request({ method: 'DELETE', url: `/app/api/v1/media/folders/${folder.id}` });
    expect(deleted.json().data).toEqual({ id: folder.id, deleted: true, unfiledFiles: 0 });
  });

  it("tells the account's usage against its limits, with media:read, counting its own files only", async () => {
    const own = await h.factory.tenant();
    const ownBrowser = await dashboardOf(own);
    const usage = async (token: string) => (await h.request({ method: 'GET', url: '/api/v1/media/usage', token })).json().data;
    expect(await usage(own.token)).toEqual({ usedBytes: 0, limitBytes: expect.any(Number), maxFileBytes: 3000 });
    const a = (await upload(ownBrowser, await raster('png', { width: 17 }), 'a.png')).json().data;
    const b = (await upload(ownBrowser, await raster('gif'), 'b.gif')).json().data;
    const reader = await h.factory.token(own.account.id, ['media:read']);
    expect((await usage(reader)).usedBytes).toBe(a.size + b.size);
    expect((await usage(reader)).limitBytes).toBeGreaterThan(a.size + b.size);
    const codesOnly = await h.factory.token(own.account.id, ['codes:read']);
    expect((await h.request({ method: 'GET', url: '/api/v1/media/usage', token: codesOnly })).statusCode).toBe(403);
    expect((await usage((await h.factory.tenant()).token)).usedBytes).toBe(0);
  });

  it('deletes a file: its record and its public address are gone', async () => {
    const item = (await upload(browser, await raster('png', { width: 31 }), 'gone.png')).json().data;
    expect((await served(item.url)).statusCode).toBe(200);
    const deleted = await browser.request({ method: 'DELETE', url: `/app/api/v1/media/${item.id}` });
    expect(deleted.json().data).toEqual({ id: item.id, deleted: true });
    expect((await served(item.url)).statusCode).toBe(404);
    expect((await h.request({ method: 'GET', url: `/api/v1/media/${item.id}`, token: t.token })).statusCode).toBe(404);
  });

  it('reads the library through MCP with media:read', async () => {
    const item = (await upload(browser, await raster('png', { width: 23 }), 'mcp.png')).json().data;
    const reader = await h.factory.token(t.account.id, ['media:read']);
    const client = await mcpClient(await mcpUrl(h), { 'x-api-key': reader });
    try {
      const got = (await client.callTool({ name: 'media_get', arguments: { id: item.id } })) as CallToolResult;
      expect(got.structuredContent).toEqual({ data: item });
      const listed = (await client.callTool({ name: 'media_list', arguments: { limit: 100 } })) as CallToolResult;
      expect((listed.structuredContent as { data: unknown[] }).data).toContainEqual(item);
      const usage = (await client.callTool({ name: 'media_usage_get', arguments: {} })) as CallToolResult;
      const rest = await h.request({ method: 'GET', url: '/api/v1/media/usage', token: reader });
      expect(usage.structuredContent).toEqual(rest.json());
    } finally {
      await client.close();
    }
  });
});
