import { describe, expect, it } from 'vitest';
import { validDesign, type DesignInput } from '../designs/design.schema.js';
import { qrMatrix } from './symbol.matrix.js';
import { rasteriseScene } from './symbol.raster.js';
import { rasterise, type Pixels } from './symbol.resvg.js';
import { renderScene } from './symbol.render.js';
import { n, type LogoArt } from './symbol.scene.js';
import { textOutline } from './symbol.sprites.js';
import { sceneToSvg } from './symbol.svg.js';

const VALUE = 'https://qr.example.com/Ab3dE7x';
const LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><circle cx="60" cy="60" r="58" fill="#1D3557"/><circle cx="60" cy="60" r="40" fill="none" stroke="#F4A261" stroke-width="14"/></svg>',
);
const art: LogoArt = { type: 'image/svg+xml', bytes: LOGO, href: `data:image/svg+xml;base64,${LOGO.toString('base64')}` };

/** Channels that differ between two images of one size. */
function differing(a: Pixels, b: Pixels): number {
  expect([b.width, b.height]).toEqual([a.width, a.height]);
  let count = 0;
  for (let i = 0; i < a.pixels.length; i++) if (a.pixels[i] !== b.pixels[i]) count++;
  return count;
}

/** Pixels near the logo's orange ring (#F4A261). */
function orange(image: Pixels): number {
  let count = 0;
  for (let i = 0; i < image.pixels.length; i += 4) {
    const [r, g, b] = [image.pixels[i]!, image.pixels[i + 1]!, image.pixels[i + 2]!];
    if (Math.abs(r - 0xf4) < 24 && Math.abs(g - 0xa2) < 24 && Math.abs(b - 0x61) < 24) count++;
  }
  return count;
}

describe('the raster path', () => {
  const frames: DesignInput[] = [
    { moduleStyle: 'dots', cornerStyle: 'dot', frame: { style: 'banner-bottom', text: 'Scan for the menu', colour: '#264653' } },
    { frame: { style: 'box', text: 'Scan me – Café & <co>', colour: '#2A9D8F' } },
    {
      moduleStyle: 'classy',
      foreground: '#1D3557',
      background: '#F1FAEE',
      frame: { style: 'banner-top', text: 'Menu', colour: '#E63946' },
    },
    {
      moduleStyle: 'dots',
      foreground: '#3A0CA3',
      gradient: { colour: '#F72585', direction: 'radial' },
      backgroundRadius: 4,
      frame: { style: 'box', text: 'Scan me', colour: '#264653' },
    },
    {
      foreground: '#6A040F',
      cornerColour: '#264653',
      gradient: { colour: '#1D3557', direction: 'diagonal' },
      backgroundRadius: 2,
      frame: { style: 'banner-top', text: 'Menu', colour: '#E63946' },
    },
  ];

  it('draws exactly what resvg draws from the scene’s SVG, frame text and crisp edges included', () => {
    for (const input of frames) {
      const scene = renderScene(VALUE, validDesign(input), 'image');
      for (const width of [1024, 333]) {
        expect(differing(rasterise(sceneToSvg(scene, width), width), rasteriseScene(scene, width)), JSON.stringify(input)).toBe(
          0,
        );
      }
    }
  });

  it('sets frame text as one path of outlines in the text’s colour, anti-aliased even in a crisp scene', () => {
    const scene = renderScene(VALUE, validDesign(frames[1]), 'image');
    const text = scene.shapes.find((s) => s.kind === 'text');
    expect(text).toBeDefined();
    const outline = textOutline(text as Extract<typeof text, { kind: 'text' }>, scene);
    expect(outline).toMatchObject({ kind: 'path', fill: '#2A9D8F', smooth: true });
    expect(outline?.d).toMatch(/^M [\d.]+ [\d.]+ /);
  });

  it('lays the logo on the pixels where resvg would draw it, differing only at its edges', () => {
    const scene = renderScene(
      VALUE,
      validDesign({ errorCorrection: 'H', logo: { url: 'https://x.example/l.svg', size: 0.25 } }),
      'image',
      art,
    );
    for (const width of [1024, 400]) {
      const reference = rasterise(sceneToSvg(scene, width), width);
      const fast = rasteriseScene(scene, width);
      expect(orange(fast)).toBeGreaterThan(width * 2);
      expect(Math.abs(orange(fast) - orange(reference))).toBeLessThan(orange(reference) * 0.03);
      expect(differing(reference, fast)).toBeLessThan(reference.pixels.length * 0.005);
      // Drawn twice, from the prepared raster the second time: the same pixels.
      expect(differing(fast, rasteriseScene(scene, width))).toBe(0);
    }
  });
});

describe('the renderer core’s shortcuts', () => {
  it('rounds coordinates to 3 decimals in their shortest form', () => {
    expect([0.45, 2, 40.05, -0.9, 1 / 3, 0.1 + 0.2, -0.0001, 12.3456].map(n)).toEqual([
      '0.45',
      '2',
      '40.05',
      '-0.9',
      '0.333',
      '0.3',
      '0',
      '12.346',
    ]);
  });

  it('reuses a matrix for the same value and level, and encodes anew otherwise', () => {
    const a = qrMatrix(VALUE, 'H');
    expect(qrMatrix(VALUE, 'H')).toBe(a);
    expect(qrMatrix(VALUE, 'L')).not.toBe(a);
    expect(qrMatrix(`${VALUE}x`, 'H')).not.toBe(a);
    for (let i = 0; i < 100; i++) qrMatrix(`${VALUE}/${i}`, 'H');
    const again = qrMatrix(VALUE, 'H');
    expect(again).not.toBe(a);
    expect(again.size).toBe(a.size);
    for (let r = 0; r < a.size; r++) for (let c = 0; c < a.size; c++) expect(again.dark(r, c)).toBe(a.dark(r, c));
  });
});
