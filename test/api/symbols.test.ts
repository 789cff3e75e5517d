import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { readFileSync } from 'node:fs';
import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { pdfToPng, zbarDecodeOne } from '../support/decoders.js';
import { logoPng } from '../support/media.js';
import { describeEach, STORES } from '../support/stores.js';

const INVERTED = { foreground: '#FFFFFF', background: '#000000' };

/** Pixels of the test logo's orange ring (#F4A261) in a PNG: more than a few only when the logo is drawn. */
async function orangePixels(png: Uint8Array): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.abs(data[i]! - 0xf4) < 24 && Math.abs(data[i + 1]! - 0xa2) < 24 && Math.abs(data[i + 2]! - 0x61) < 24) count++;
  }
  return count;
}

describeEach(STORES)('symbols: images, preview and the save-time check ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token = t.token, headers = {}) =>
    h.request({ method, url: `/api/v1${url}`, payload, token, headers });
  const code = async (body: object = {}) =>
    (await call('POST', '/codes', { name: 'Summer menu', url: 'https://example.com/menu', ...body })).json().data;

  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
  });
  afterAll(() => h.close());

  it('renders a dynamic code as a PNG that decodes to its short address, with file name, ETag and the check', async () => {
    const c = await code({ design: { moduleStyle: 'dots', cornerStyle: 'rounded' } });
    const res = await call('GET', `/codes/${c.id}/image?format=png&size=600`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('attachment; filename="summer-menu.png"');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(res.headers['x-qr-scannability']).toBe('pass');
    expect(res.rawPayload.readUInt32BE(16)).toBe(600);
    expect(zbarDecodeOne(res.rawPayload)).toEqual([c.encode]);
    expect(c.encode).toBe(c.url);
  });

  it('renders a static code encoding its destination, as SVG and PDF too, and an archived code still', async () => {
    const c = await code({ mode: 'static', url: 'https://example.com/static-thing' });
    const png = await call('GET', `/codes/${c.id}/image`);
    expect(zbarDecodeOne(png.rawPayload)).toEqual(['https://example.com/static-thing']);
    const svg = await call('GET', `/codes/${c.id}/image?format=svg&size=300`);
    expect(svg.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(svg.payload).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 37 37" width="300" height="300"/);
    const pdf = await call('GET', `/codes/${c.id}/image?format=pdf&size=40`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="summer-menu.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await call('POST', `/codes/${c.id}/archive`);
    expect((await call('GET', `/codes/${c.id}/image`)).statusCode).toBe(200);
  });

  it('answers 304 to the same ETag and a new ETag after the design changes', async () => {
    const c = await code();
    const first = await call('GET', `/codes/${c.id}/image?format=svg`);
    const again = await call('GET', `/codes/${c.id}/image?format=svg`, undefined, t.token, {
      'if-none-match': first.headers.etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.payload).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    const otherSize = await call('GET', `/codes/${c.id}/image?format=svg&size=512`, undefined, t.token, {
      'if-none-match': first.headers.etag,
    });
    expect(otherSize.statusCode).toBe(200);
    await call('PATCH', `/codes/${c.id}`, { design: { foreground: '#123456' } });
    const changed = await call('GET', `/codes/${c.id}/image?format=svg`, undefined, t.token, {
      'if-none-match': first.headers.etag,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(changed.payload).toContain('#123456');
  });

  it('answers If-None-Match: * with 304, and gives each code its own name, title and ETag when two draw the same symbol', async () => {
    const first = await code({ mode: 'static', url: 'https://example.com/same-place', name: 'Front door' });
    const star = await call('GET', `/codes/${first.id}/image?format=png&size=300`, undefined, t.token, { 'if-none-match': '*' });
    expect(star.statusCode).toBe(304);
    const second = await code({ mode: 'static', url: 'https://example.com/same-place', name: 'Back door' });
    const images = [];
    for (const [c, name] of [
      [first, 'Front door'],
      [second, 'Back door'],
      [first, 'Front door'],
    ] as const) {
      const res = await call('GET', `/codes/${c.id}/image?format=pdf&size=40`);
      expect(res.statusCode).toBe(200);
      const slug = name.toLowerCase().replace(' ', '-');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${slug}.pdf"`);
      expect((await PDFDocument.load(res.rawPayload)).getTitle()).toBe(name);
      images.push(res);
    }
    expect(images[0]!.headers.etag).not.toBe(images[1]!.headers.etag);
    expect(images[2]!.headers.etag).toBe(images[0]!.headers.etag);
    expect(images[2]!.rawPayload.equals(images[0]!.rawPayload)).toBe(true);
    await call('PATCH', `/codes/${first.id}`, { name: 'Side door' });
    const renamed = await call('GET', `/codes/${first.id}/image?format=pdf&size=40`, undefined, t.token, {
      'if-none-match': images[0]!.headers.etag,
    });
    expect(renamed.statusCode).toBe(200);
    expect((await PDFDocument.load(renamed.rawPayload)).getTitle()).toBe('Side door');
  });

  it('names the download after a name beyond ASCII too, with filename* in UTF-8 beside the ASCII file name', async () => {
    const c = await code({ name: 'Меню / Été' });
    const res = await call('GET', `/codes/${c.id}/image?format=png&size=200`);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="ete.png"; filename*=UTF-8''%D0%9C%D0%B5%D0%BD%D1%8E%20-%20%C3%89t%C3%A9.png`,
    );
  });

  it('stores a gradient and a rounded background on a code and a template, draws them, and clears them with null and 0', async () => {
    const design = {
      moduleStyle: 'classy',
      foreground: '#3A0CA3',
      background: '#FFF8E7',
      gradient: { colour: '#B5179E', direction: 'radial' },
      backgroundRadius: 4,
    };
    const c = await code({ design });
    expect(c.design).toMatchObject(design);
    expect((await call('GET', `/codes/${c.id}`)).json().data.design).toMatchObject(design);
    const png = await call('GET', `/codes/${c.id}/image?format=png&size=500`);
    expect(png.headers['x-qr-scannability']).toBe('pass');
    expect(zbarDecodeOne(png.rawPayload)).toEqual([c.encode]);
    const { data, info } = await sharp(png.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0); // the rounded corner is transparent
    expect(data[(Math.round(info.height / 2) * info.width + 2) * 4 + 3]).toBe(255);
    const svg = await call('GET', `/codes/${c.id}/image?format=svg`);
    expect(svg.payload).toContain('<radialGradient');
    expect(svg.payload).toContain('stop-color="#B5179E"');

    const cleared = await call('PATCH', `/codes/${c.id}`, { design: { gradient: null, backgroundRadius: 0 } });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.design).toMatchObject({ gradient: null, backgroundRadius: 0, foreground: '#3A0CA3' });
    const plain = await call('GET', `/codes/${c.id}/image?format=svg`);
    expect(plain.headers.etag).not.toBe(svg.headers.etag);
    expect(plain.payload).not.toContain('Gradient');
    expect(plain.payload).not.toContain('clip-path');

    const template = await call('POST', '/templates', { name: 'Violet fade', design });
    expect(template.statusCode).toBe(201);
    expect((await call('GET', `/templates/${template.json().data.id}`)).json().data.design).toMatchObject(design);
    const applied = await code({ templateId: template.json().data.id });
    expect(applied.design).toMatchObject(design);
  });

  it('refuses rounding beyond the quiet zone, a gradient into the background and a bad gradient, in the error envelope', async () => {
    const c = await code();
    for (const [design, named] of [
      [{ backgroundRadius: 5 }, 'design.backgroundRadius'],
      [{ quietZone: 2, backgroundRadius: 3 }, 'design.backgroundRadius'],
      [{ gradient: { colour: '#FFFFFF', direction: 'vertical' } }, 'design.gradient.colour'],
      [{ gradient: { colour: '#123456', direction: 'spiral' } }, 'direction'],
      [{ gradient: { colour: 'red', direction: 'radial' } }, 'colour'],
      [{ backgroundRadius: -1 }, 'backgroundRadius'],
    ] as const) {
      for (const [method, url] of [
        ['PATCH', `/codes/${c.id}`],
        ['POST', '/templates'],
        ['POST', '/designs/preview'],
      ] as const) {
        const body =
          url === '/templates' ? { name: 'T', design } : url === '/designs/preview' ? { value: 'x', design } : { design };
        const res = await call(method, url, body);
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(design)}`).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'invalid_request', message: expect.stringContaining(named) });
      }
    }
    // A gradient into a pale colour is refused on save by the check (contrast), unless accepted.
    const pale = { gradient: { colour: '#C8C8C8', direction: 'diagonal' } };
    const refused = await call('PATCH', `/codes/${c.id}`, { design: pale });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/not scannable: .*contrast/);
    expect((await call('PATCH', `/codes/${c.id}`, { design: pale, acceptUnscannable: true })).statusCode).toBe(200);
  });

  it('needs codes:read; another account’s code and an unknown one are 404', async () => {
    const c = await code();
    const linksOnly = await h.factory.token(t.account.id, ['links:read']);
    const refused = await call('GET', `/codes/${c.id}/image`, undefined, linksOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
    const preview = await call('POST', '/designs/preview', { value: 'x' }, linksOnly);
    expect(preview.statusCode).toBe(403);
    expect(preview.json().error.code).toBe('forbidden');
    const reader = await h.factory.token(t.account.id, ['codes:read']);
    expect((await call('GET', `/codes/${c.id}/image`, undefined, reader)).statusCode).toBe(200);
    const other = await h.factory.tenant();
    for (const [id, token] of [
      [c.id, other.token],
      ['0190b5c6-0000-7000-8000-000000000000', t.token],
      ['not-an-id', t.token],
    ] as const) {
      const res = await call('GET', `/codes/${id}/image`, undefined, token);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'not_found', docs: expect.any(String) });
    }
  });

  it('bad format or size is 400 in the error envelope', async () => {
    const c = await code();
    for (const query of [
      'format=gif',
      'size=abc',
      'size=1.5',
      'size=0',
      'size=63',
      'size=5000',
      'format=pdf&size=5',
      'format=pdf&size=1001',
      'color=red',
    ]) {
      const res = await call('GET', `/codes/${c.id}/image?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toMatchObject({
        code: 'invalid_request',
        message: expect.any(String),
        docs: expect.any(String),
      });
    }
    expect((await call('GET', `/codes/${c.id}/image?format=gif`)).json().error.message).toBe(
      'querystring.format must be one of svg, png, pdf',
    );
  });

  it('draws a media-library logo in PNG, SVG and PDF, and the check decodes it drawn', async () => {
    for (const kind of ['png', 'svg'] as const) {
      const logo = { url: await h.factory.logo(t.account.id, kind), size: 0.24 };
      const c = await code({ design: { logo, errorCorrection: 'H', moduleStyle: 'rounded' } });
      const png = await call('GET', `/codes/${c.id}/image?format=png&size=600`);
      expect(png.headers['x-qr-scannability'], kind).toBe('pass');
      expect(await orangePixels(png.rawPayload), kind).toBeGreaterThan(500);
      expect(zbarDecodeOne(png.rawPayload), kind).toEqual([c.encode]);
      const svg = await call('GET', `/codes/${c.id}/image?format=svg`);
      expect(svg.payload).toContain(`<image href="data:image/${kind === 'png' ? 'png' : 'svg+xml'};base64,`);
      expect(svg.payload).not.toContain(logo.url);
      const pdf = await call('GET', `/codes/${c.id}/image?format=pdf&size=40`);
      expect(pdf.rawPayload.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
      const page = readFileSync(pdfToPng(pdf.rawPayload, 200));
      expect(await orangePixels(page), kind).toBeGreaterThan(500);
      expect(zbarDecodeOne(page), kind).toEqual([c.encode]);
    }
  });

  it('never draws another account’s or a remote logo: saving it is 400, a preview leaves its space clear and says so', async () => {
    const other = await h.factory.tenant();
    // The same mark at another resolution: bytes only the other account holds.
    const theirs = await h.factory.media(other.account.id, await logoPng(100), 'theirs.png');
    for (const url of [theirs, 'https://example.com/logo.png']) {
      const design = { logo: { url, size: 0.2 }, errorCorrection: 'H' };
      const saved = await call('POST', '/codes', { name: 'Theirs', url: 'https://example.com/t', design });
      expect(saved.statusCode).toBe(400);
      expect(saved.json().error.message).toContain('design.logo.url');
      const preview = (await call('POST', '/designs/preview', { value: 'hello', design })).json().data;
      expect(preview.svg).not.toContain('<image');
      expect(preview.scannability.findings).toContainEqual(expect.objectContaining({ cause: 'logo', severity: 'warn' }));
      const png = await call('POST', '/designs/preview', { value: 'hello', design, format: 'png', size: 400 });
      expect(await orangePixels(png.rawPayload)).toBe(0);
    }
  });

  it('previews a posted design as JSON with the report, or as the image, storing nothing', async () => {
    const before = (await call('GET', '/codes?limit=100')).json().data.length;
    const json = await call('POST', '/designs/preview', { value: 'hello world', design: { moduleStyle: 'classy' } });
    expect(json.statusCode).toBe(200);
    const { data } = json.json();
    expect(data.svg).toMatch(/^<svg /);
    expect(data.scannability).toMatchObject({ scannable: true, decoded: true, findings: [], contrast: 21, version: 1 });
    expect(data.scannability.decodeMs).toBeGreaterThan(0);
    const png = await call('POST', '/designs/preview', { value: 'hello world', format: 'png', size: 256 });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['x-qr-scannability']).toBe('pass');
    expect(zbarDecodeOne(png.rawPayload)).toEqual(['hello world']);
    const bad = await call('POST', '/designs/preview', { value: 'x', design: INVERTED });
    expect(bad.json().data.scannability).toMatchObject({ scannable: false, decoded: false });
    expect(bad.json().data.scannability.findings.map((f: { cause: string }) => f.cause)).toEqual(['decode', 'inverted']);
    const refused = await call('POST', '/designs/preview', { value: 'x', format: 'png', design: INVERTED });
    expect(refused.headers['x-qr-scannability']).toBe('fail; causes=decode,inverted');
    for (const body of [
      { value: '' },
      { value: 'a\u0000b' },
      { value: 'x', design: { quietZone: 99 } },
      { value: 'x'.repeat(2049) },
      { value: 'x'.repeat(2000), design: { errorCorrection: 'H' } },
    ]) {
      const res = await call('POST', '/designs/preview', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
    }
    expect((await call('GET', '/codes?limit=100')).json().data.length).toBe(before);
  });

  it('refuses to save an unscannable design on a code or template, naming the cause, unless accepted', async () => {
    const refused = await call('POST', '/codes', { name: 'Dark', url: 'https://example.com/d', design: INVERTED });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('invalid_request');
    expect(refused.json().error.message).toMatch(/not scannable: .*does not decode.*inverted.*acceptUnscannable/);
    const accepted = await call('POST', '/codes', {
      name: 'Dark',
      url: 'https://example.com/d',
      design: INVERTED,
      acceptUnscannable: true,
    });
    expect(accepted.statusCode).toBe(201);
    const image = await call('GET', `/codes/${accepted.json().data.id}/image`);
    expect(image.headers['x-qr-scannability']).toBe('fail; causes=decode,inverted');

    const c = await code();
    const grey = await call('PATCH', `/codes/${c.id}`, { design: { foreground: '#CCCCCC' } });
    expect(grey.statusCode).toBe(400);
    expect(grey.json().error.message).toMatch(/contrast .* 1\.\d+:1/);
    expect((await call('GET', `/codes/${c.id}`)).json().data.design.foreground).toBe('#000000');

    expect((await call('POST', '/templates', { name: 'Dark', design: INVERTED })).statusCode).toBe(400);
    const template = await call('POST', '/templates', { name: 'Dark', design: INVERTED, acceptUnscannable: true });
    expect(template.statusCode).toBe(201);
    expect(
      (
        await call('PATCH', `/templates/${template.json().data.id}`, {
          design: { quietZone: 0, foreground: '#000000', background: '#FFFFFF' },
        })
      ).statusCode,
    ).toBe(400);
  });
});
