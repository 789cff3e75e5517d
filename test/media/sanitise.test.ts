import { PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HOSTILE_SVG, pdfWithScript, raster } from '../support/media.js';
import { cleanFile } from '../../src/catalog/media/media.sanitise.js';

describe('cleanFile', () => {
  it.each(['png', 'jpeg', 'gif', 'webp'] as const)('re-encodes a %s in its own format, without its metadata', async (format) => {
    const input = await raster(format, { exif: 'Secret Photographer' });
    const clean = await cleanFile(input);
    expect(clean.type).toBe(format === 'jpeg' ? 'image/jpeg' : `image/${format}`);
    expect({ width: clean.width, height: clean.height }).toEqual({ width: 12, height: 8 });
    expect((await sharp(clean.bytes).metadata()).format).toBe(format);
    expect(clean.bytes.includes(Buffer.from('Secret Photographer'))).toBe(false);
  });

  it('keeps the metadata test honest: the photographer is in the upload', async () => {
    const input = await raster('jpeg', { exif: 'Secret Photographer' });
    expect(input.includes(Buffer.from('Secret Photographer'))).toBe(true);
  });

  it('strips scripts, handlers, foreignObject and external references from an SVG, keeping the drawing', async () => {
    const clean = await cleanFile(HOSTILE_SVG);
    const text = clean.bytes.toString('utf8');
    expect(clean.type).toBe('image/svg+xml');
    expect({ width: clean.width, height: clean.height }).toEqual({ width: 40, height: 20 });
    for (const gone of ['<script', 'onload', 'onclick', 'alert', 'foreignObject', 'evil.example', 'javascript:', '@import'])
      expect(text).not.toContain(gone);
    expect(text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(text).toContain('<rect');
    expect(text).toContain('Logo');
  });

  it('keeps local references and styles', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)" style="stroke: blue"/></svg>',
    );
    const text = (await cleanFile(svg)).bytes.toString('utf8');
    expect(text).toContain('fill="url(#g)"');
    expect(text).toContain('style="stroke: blue"');
  });

  it('writes a PDF again without its document JavaScript', async () => {
    const scriptsOf = async (bytes: Buffer) => {
      const doc = await PDFDocument.load(bytes);
      return doc.context
        .enumerateIndirectObjects()
        .filter(
          ([, object]) => object instanceof PDFDict && (object.has(PDFName.of('JS')) || object.has(PDFName.of('JavaScript'))),
        );
    };
    const input = await pdfWithScript();
    expect(await scriptsOf(input)).not.toEqual([]);
    const clean = await cleanFile(input);
    expect(clean).toMatchObject({ type: 'application/pdf', width: null, height: null });
    expect(await scriptsOf(clean.bytes)).toEqual([]);
    const doc = await PDFDocument.load(clean.bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.catalog.has(PDFName.of('Names'))).toBe(false);
  });

  it('refuses an encrypted PDF, which it could not rewrite', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 100]);
    doc.encrypt({ userPassword: 'secret', ownerPassword: 'owner' });
    const input = Buffer.from(await doc.save());
    await expect(cleanFile(input)).rejects.toMatchObject({ code: 'invalid_request', field: 'file' });
  });

  it.each([
    ['a text file', Buffer.from('just words, named logo.png')],
    [
      'a PNG signature over garbage',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('garbage')]),
    ],
    ['a PDF header over garbage', Buffer.from('%PDF-1.7\nnothing else')],
    ['an SVG with nothing drawable left', Buffer.from('<svg><script>alert(1)</script>')],
  ])('refuses %s with invalid_request on the file', async (_what, input) => {
    await expect(cleanFile(input)).rejects.toMatchObject({ code: 'invalid_request', field: 'file' });
  });
});
