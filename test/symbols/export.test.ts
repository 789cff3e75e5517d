import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFStream } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { validDesign } from '../../src/catalog/designs/design.schema.js';
import { checkDesign } from '../../src/catalog/symbols/symbol.check.js';
import { renderImage } from '../../src/catalog/symbols/symbol.image.js';
import { renderScene } from '../../src/catalog/symbols/symbol.render.js';
import { contrastRatio } from '../../src/catalog/symbols/symbol.rules.js';
import { renderSvg } from '../../src/catalog/symbols/symbol.svg.js';
import { pdfText, pdfToPng, zbarDecode, zbarDecodeOne } from '../support/decoders.js';

const VALUE = 'https://qr.example.com/pdf-test';
const FRAMED = validDesign({
  moduleStyle: 'rounded',
  cornerStyle: 'dot',
  frame: { style: 'box', text: 'Scan me – Café', colour: '#2A9D8F' },
});
/** Navy fading to green from left to right, on a cream background rounded by 4 modules (the quiet zone). */
const GRADED = validDesign({
  moduleStyle: 'classy',
  cornerStyle: 'rounded',
  foreground: '#1D3557',
  background: '#FFF3D6',
  gradient: { colour: '#0B6E4F', direction: 'horizontal' },
  backgroundRadius: 4,
  frame: { style: 'banner-bottom', text: 'Scan for the menu', colour: '#264653' },
});

/** Every indirect dictionary of a PDF (streams' dictionaries included). */
function pdfDicts(pdf: PDFDocument): PDFDict[] {
  const objects = pdf.context.enumerateIndirectObjects().map(([, object]) => object);
  return objects.map((o) => (o instanceof PDFStream ? o.dict : o)).filter((o): o is PDFDict => o instanceof PDFDict);
}

/** Distance between a pixel's colour and a #RRGGBB colour (sum over the channels). */
const distance = (pixel: number[], hex: string) =>
  [1, 3, 5].reduce((sum, at, i) => sum + Math.abs(pixel[i]! - parseInt(hex.slice(at, at + 2), 16)), 0);

describe('exports', () => {
  it('a PDF has the requested width in millimetres, vectors only, the frame font embedded, and its symbol decodes once rasterised', async () => {
    for (const widthMm of [30, 85]) {
      const image = await renderImage(VALUE, FRAMED, { format: 'pdf', size: widthMm }, 'Menu card');
      expect(image.contentType).toBe('application/pdf');
      const pdf = await PDFDocument.load(image.body as Uint8Array);
      expect(pdf.getPageCount()).toBe(1);
      const { width, height } = pdf.getPage(0).getSize();
      expect((width * 25.4) / 72).toBeCloseTo(widthMm, 2);
      // The height follows the image's aspect: the box frame's text band sits under the symbol.
      const scene = renderScene(VALUE, FRAMED);
      expect(height / width).toBeCloseTo(scene.height / scene.width, 4);
      expect(height).toBeGreaterThan(width);
      const dicts = pdfDicts(pdf);
      expect(dicts.filter((d) => d.get(PDFName.of('Subtype')) === PDFName.of('Image'))).toEqual([]);
      // A subset: a few glyphs of the font's 700 KB, named with the tag that marks a subset.
      const descriptor = dicts.find((d) => d.has(PDFName.of('FontFile2')))!;
      expect(descriptor.get(PDFName.of('FontName'))?.toString()).toMatch(/^\/[A-Z]{6}\+DejaVuSans-Bold$/);
      const program = pdf.context.lookup(descriptor.get(PDFName.of('FontFile2'))) as PDFRawStream;
      expect(decodePDFRawStream(program).decode().length).toBeLessThan(16_000);
      expect(pdfText(image.body as Uint8Array)).toContain('Scan me – Café');
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

  it('draws a gradient as a PDF shading and a rounded background as a clip: vectors only, and it decodes once rasterised', async () => {
    const image = await renderImage(VALUE, GRADED, { format: 'pdf', size: 60 }, 'Graded');
    const pdf = await PDFDocument.load(image.body as Uint8Array);
    expect((pdf.getPage(0).getWidth() * 25.4) / 72).toBeCloseTo(60, 2);
    const dicts = pdfDicts(pdf);
    expect(dicts.filter((d) => d.get(PDFName.of('Subtype')) === PDFName.of('Image'))).toEqual([]);
    const shadings = dicts.filter((d) => d.has(PDFName.of('ShadingType')));
    expect(shadings.map((d) => (d.get(PDFName.of('ShadingType')) as PDFNumber).asNumber())).toContain(2);
    const page = readFileSync(pdfToPng(image.body as Uint8Array, 300));
    expect(zbarDecodeOne(page)).toEqual([VALUE]);
    // The paper shows at the rounded corner; the background fills the quiet zone beside it.
    const { data, info } = await sharp(page).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect(at(1, 1)).toEqual([255, 255, 255]);
    expect(distance(at(3, Math.round(info.height / 3)), '#FFF3D6')).toBeLessThan(6);
    expect(image.report).toMatchObject({ scannable: true, decoded: true });
  });

  it('fades the modules and finders across the symbol, leaves the rounded corners transparent, and decodes', async () => {
    const image = await renderImage(VALUE, GRADED, { format: 'png', size: 660 }, 'Graded');
    const bytes = image.body as Uint8Array;
    expect(zbarDecodeOne(bytes)).toEqual([VALUE]);
    const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
    expect(at(0, 0)[3]).toBe(0);
    expect(at(Math.round(info.width / 2), 2)[3]).toBe(255);
    // The centres of the top finders: the left one near the start colour, the right one near the end.
    const modules = image.report.modules;
    const px = info.width / modules;
    const left = at(Math.round((4 + 3.5) * px), Math.round((4 + 3.5) * px));
    const right = at(Math.round((modules - 4 - 3.5) * px), Math.round((4 + 3.5) * px));
    expect(distance(left, '#1D3557')).toBeLessThan(distance(left, '#0B6E4F'));
    expect(distance(right, '#0B6E4F')).toBeLessThan(distance(right, '#1D3557'));
    const svg = (await renderImage(VALUE, GRADED, { format: 'svg' }, 'Graded')).body as string;
    expect(svg).toMatch(/<linearGradient id="qr-g-\w+" gradientUnits="userSpaceOnUse"/);
    expect(svg).toMatch(/<g clip-path="url\(#qr-clip-\w+\)">/);
  });

  it('judges a gradient by its lighter end: a fade into a pale colour is refused for contrast', async () => {
    const pale = validDesign({ gradient: { colour: '#C8C8C8', direction: 'vertical' } });
    const report = await checkDesign(VALUE, pale);
    expect(report.scannable).toBe(false);
    expect(report.findings).toContainEqual(expect.objectContaining({ cause: 'contrast', severity: 'fail' }));
    expect(report.contrast).toBeCloseTo(contrastRatio('#C8C8C8', '#FFFFFF'), 2);
  });

  it('says a faint symbol the check cannot read may not scan on some phones, not that it never decodes', async () => {
    const faint = validDesign({ foreground: '#1A3D7C', background: '#2A4D8C' });
    const report = await checkDesign(VALUE, faint);
    expect(report.scannable).toBe(false);
    expect(report.findings).toContainEqual(
      expect.objectContaining({
        cause: 'decode',
        message: expect.stringMatching(/^the rendered symbol may not scan on some phones/),
      }),
    );
    expect(report.findings.map((f) => f.message).join(' ')).not.toContain('does not decode');
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
    const dir = join(import.meta.dirname, '../../src/catalog/symbols');
    for (const file of [
      'symbol.render.ts',
      'symbol.svg.ts',
      'symbol.scene.ts',
      'symbol.matrix.ts',
      'symbol.rules.ts',
      'symbol.paint.ts',
    ]) {
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
