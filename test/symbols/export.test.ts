import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { validDesign } from '../../src/modules/designs/design.schema.js';
import { renderImage } from '../../src/modules/symbols/symbol.image.js';
import { renderSvg } from '../../src/modules/symbols/symbol.svg.js';
import { pdfToPng, zbarDecode, zbarDecodeOne } from '../support/decoders.js';

const VALUE = 'https://qr.example.com/pdf-test';
const FRAMED = validDesign({
  moduleStyle: 'rounded',
  cornerStyle: 'dot',
  frame: { style: 'box', text: 'Scan me – Café', colour: '#2A9D8F' },
});

describe('exports', () => {
  it('a PDF has the requested width in millimetres, vectors only, the frame font embedded, and its symbol decodes once rasterised', async () => {
    for (const widthMm of [30, 85]) {
      const image = await renderImage(VALUE, FRAMED, { format: 'pdf', size: widthMm }, 'Menu card');
      expect(image.contentType).toBe('application/pdf');
      const pdf = await PDFDocument.load(image.body as Uint8Array);
      expect(pdf.getPageCount()).toBe(1);
      const { width, height } = pdf.getPage(0).getSize();
      expect((width * 25.4) / 72).toBeCloseTo(widthMm, 2);
      expect(height).toBeGreaterThan(width); // the box frame's text band sits under the symbol
      const objects = pdf.context.enumerateIndirectObjects().map(([, object]) => object);
      const dicts = objects.map((o) => (o instanceof PDFStream ? o.dict : o)).filter((o): o is PDFDict => o instanceof PDFDict);
      expect(dicts.filter((d) => d.get(PDFName.of('Subtype')) === PDFName.of('Image'))).toEqual([]);
      expect(dicts.some((d) => d.has(PDFName.of('FontFile2')))).toBe(true);
      expect(pdf.getTitle()).toBe('Menu card');
      const png = pdfToPng(image.body as Uint8Array, 300);
      expect(zbarDecode([png]).get(png)).toEqual([VALUE]);
    }
  });

  it('a PNG has the requested width and decodes; its file name comes from the code name', async () => {
    const image = await renderImage(VALUE, FRAMED, { format: 'png', size: 777 }, 'Été 2026 / Menu!');
    const bytes = image.body as Uint8Array;
    expect(Buffer.from(bytes.subarray(1, 4)).toString()).toBe('PNG');
    expect(Buffer.from(bytes).readUInt32BE(16)).toBe(777);
    expect(image.fileName).toBe('ete-2026-menu.png');
    expect(zbarDecodeOne(bytes)).toEqual([VALUE]);
    expect(image.report).toMatchObject({ scannable: true, decoded: true, findings: [] });
  });

  it('refuses a size outside the format’s bounds, naming size', async () => {
    await expect(renderImage(VALUE, FRAMED, { format: 'png', size: 32 }, 'x')).rejects.toMatchObject({ field: 'size' });
    await expect(renderImage(VALUE, FRAMED, { format: 'pdf', size: 2000 }, 'x')).rejects.toMatchObject({ field: 'size' });
  });

  it('a value too long for the level is a 400 naming value', async () => {
    const design = validDesign({ errorCorrection: 'H' });
    await expect(renderImage('x'.repeat(1400), design, { format: 'svg' }, 'x')).rejects.toMatchObject({
      code: 'invalid_request',
      field: 'value',
    });
  });

  it('warns when the printed module is too small', async () => {
    const image = await renderImage(VALUE, FRAMED, { format: 'pdf', size: 10 }, 'Tiny');
    expect(image.report.findings).toContainEqual(expect.objectContaining({ cause: 'module_size', severity: 'warn' }));
    expect(image.report.scannable).toBe(true);
  });
});

describe('the renderer core', () => {
  it('uses no Node API, so the browser runs the same code', () => {
    const dir = join(import.meta.dirname, '../../src/modules/symbols');
    for (const file of ['symbol.render.ts', 'symbol.svg.ts', 'symbol.scene.ts', 'symbol.matrix.ts', 'symbol.rules.ts']) {
      const source = readFileSync(join(dir, file), 'utf8');
      expect(source, file).not.toMatch(/from '(node:|fs|path|crypto|buffer)/);
      expect(source, file).not.toMatch(/\b(Buffer|process|require)\b/);
    }
  });

  it('escapes frame text and the logo address in the SVG, and references the logo only in SVG', () => {
    const design = validDesign({
      errorCorrection: 'H',
      logo: { url: 'https://example.com/a.png?x=1&y="2"', size: 0.2 },
      frame: { style: 'banner-top', text: '<script>&', colour: '#000000' },
    });
    const svg = renderSvg(VALUE, design);
    expect(svg).toContain('&lt;script&gt;&amp;');
    expect(svg).toContain('href="https://example.com/a.png?x=1&amp;y=&quot;2&quot;"');
    expect(svg).not.toContain('<script>');
    expect(renderSvg(VALUE, design, { logo: 'plate' })).not.toContain('<image');
  });

  it('draws every module style differently and the same design identically twice', () => {
    const svgs = (['square', 'rounded', 'dots', 'classy'] as const).map((moduleStyle) =>
      renderSvg(VALUE, validDesign({ moduleStyle })),
    );
    expect(new Set(svgs).size).toBe(4);
    expect(renderSvg(VALUE, validDesign({ moduleStyle: 'dots' }))).toBe(svgs[2]);
  });
});
