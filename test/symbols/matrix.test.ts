import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validDesign, type Design } from '../../src/catalog/designs/design.schema.js';
import { checkDesign } from '../../src/catalog/symbols/symbol.check.js';
import { renderPng } from '../../src/catalog/symbols/symbol.image.js';
import { renderScene } from '../../src/catalog/symbols/symbol.render.js';
import type { LogoArt } from '../../src/catalog/symbols/symbol.scene.js';
import { scratchDir, zbarDecode } from '../support/decoders.js';
import { LOGO_SVG, logoPng } from '../support/media.js';

/**
 * Every module style × finder style × error-correction level × logo on/off × frame on/off × colours
 * (plain pairs, and gradients, one on a rounded background): each design the check accepts must decode to exactly the value with zbarimg (a decoder
 * independent of the product's ZXing); each design it refuses must carry a stated reason.
 */
const VALUE = 'https://qr.example.com/Ab3dE7x';
const PNG_URL = 'https://qr.example.com/media/logo.png';
const SVG_URL = 'https://qr.example.com/media/logo.svg';
const MODULES = ['square', 'rounded', 'dots', 'classy'] as const;
const CORNERS = ['square', 'rounded', 'dot'] as const;
const LEVELS = ['L', 'M', 'Q', 'H'] as const;
const COLOURS = [
  { foreground: '#000000', background: '#FFFFFF' },
  { foreground: '#1D3557', background: '#F1FAEE', cornerColour: '#E63946' },
  { foreground: '#B0B0B0', background: '#FFFFFF' },
  { foreground: '#FFFFFF', background: '#111111' },
  {
    foreground: '#3A0CA3',
    background: '#FFF8E7',
    gradient: { colour: '#B5179E', direction: 'radial' as const },
    backgroundRadius: 4,
  },
  { foreground: '#000000', background: '#FFFFFF', gradient: { colour: '#BDBDBD', direction: 'diagonal' as const } },
];

interface Outcome {
  label: string;
  design?: Design;
  refused?: string[];
}

function outcomes(): Outcome[] {
  const list: Outcome[] = [];
  for (const moduleStyle of MODULES)
    for (const cornerStyle of CORNERS)
      for (const errorCorrection of LEVELS)
        for (const logo of [null, { url: PNG_URL, size: 0.22 }, { url: SVG_URL, size: 0.3 }])
          for (const frame of [null, { style: 'banner-bottom' as const, text: 'Scan for the menu', colour: '#264653' }])
            for (const [c, colours] of COLOURS.entries()) {
              const label = `${moduleStyle}/${cornerStyle}/${errorCorrection}/${logo ? `logo${logo.size}${logo.url.slice(-4)}` : 'plain'}/${frame ? 'frame' : 'bare'}/colours${c}`;
              try {
                list.push({ label, design: validDesign({ moduleStyle, cornerStyle, errorCorrection, logo, frame, ...colours }) });
              } catch (error) {
                list.push({ label, refused: [(error as Error).message] });
              }
            }
  return list;
}

describe('scannability matrix, decoded by zbarimg', () => {
  // The logos as the server hands them to the renderer: the bytes of the account's media files.
  const logos = new Map<string, LogoArt>();
  beforeAll(async () => {
    const png = await logoPng();
    logos.set(PNG_URL, { type: 'image/png', bytes: png, href: `data:image/png;base64,${png.toString('base64')}` });
    logos.set(SVG_URL, {
      type: 'image/svg+xml',
      bytes: LOGO_SVG,
      href: `data:image/svg+xml;base64,${LOGO_SVG.toString('base64')}`,
    });
  });

  it('accepts only designs that zbarimg decodes to the exact value, and refuses the others for a stated reason', async () => {
    const dir = scratchDir();
    const all = outcomes();
    const accepted: Array<{ label: string; files: string[] }> = [];
    const refused: Array<{ label: string; reasons: string[] }> = [];
    // Designs refused per failing cause (one design may count under several), and per set of causes.
    const causes: Record<string, number> = {};
    const refusedBy: Record<string, number> = {};
    for (const outcome of all) {
      if (!outcome.design) {
        causes.schema = (causes.schema ?? 0) + 1;
        refusedBy.schema = (refusedBy.schema ?? 0) + 1;
        refused.push({ label: outcome.label, reasons: outcome.refused ?? [] });
        continue;
      }
      const art = outcome.design.logo ? logos.get(outcome.design.logo.url) : undefined;
      const report = await checkDesign(VALUE, outcome.design, [], art);
      if (!report.scannable) {
        const failed = report.findings.filter((f) => f.severity === 'fail');
        for (const f of failed) causes[f.cause] = (causes[f.cause] ?? 0) + 1;
        const set = [...new Set(failed.map((f) => f.cause))].sort().join('+');
        refusedBy[set] = (refusedBy[set] ?? 0) + 1;
        refused.push({ label: outcome.label, reasons: failed.map((f) => f.message) });
        continue;
      }
      expect(report.decoded, outcome.label).toBe(true);
      // The PNG a user downloads (the image endpoint's own PNG path), its logo drawn, as the check decoded it.
      const file = join(dir, `${outcome.label.replaceAll('/', '_').replaceAll('.', '-')}.png`);
      writeFileSync(file, await renderPng(renderScene(VALUE, outcome.design, 'image', art), 400));
      const files = [file];
      accepted.push({ label: outcome.label, files });
    }

    const decoded = zbarDecode(accepted.flatMap((a) => a.files));
    const failures = accepted.flatMap((a) =>
      a.files
        .filter((f) => JSON.stringify(decoded.get(f)) !== JSON.stringify([VALUE]))
        .map((f) => `${a.label}: ${f} → ${JSON.stringify(decoded.get(f))}`),
    );
    expect(failures).toEqual([]);
    for (const r of refused) {
      expect(r.reasons.length, r.label).toBeGreaterThan(0);
      for (const reason of r.reasons) expect(reason.length, r.label).toBeGreaterThan(10);
    }
    // Every colour set that is readable is accepted in some design; the unreadable ones never are.
    for (const readable of ['colours0', 'colours1', 'colours4'])
      expect(
        accepted.some((a) => a.label.endsWith(readable)),
        readable,
      ).toBe(true);
    expect(accepted.filter((a) => /colours[235]$/.test(a.label))).toEqual([]);
    // Real logos, PNG and SVG, are drawn and decoded in accepted designs.
    expect(accepted.filter((a) => a.label.includes('.png/')).length).toBeGreaterThan(20);
    expect(accepted.filter((a) => a.label.includes('.svg/')).length).toBeGreaterThan(10);
    // A logo of 0.3 at level Q passes the share rule (a warning) but does not decode: the decode refuses it.
    expect(refused.some((r) => r.label.includes('/Q/logo0.3') && r.reasons.some((m) => m.includes('does not decode')))).toBe(
      true,
    );
    const summary = {
      designs: all.length,
      accepted: accepted.length,
      refused: refused.length,
      zbarimgFiles: accepted.flatMap((a) => a.files).length,
      zbarimgDecoded: accepted.flatMap((a) => a.files).length - failures.length,
      refusalCauses: causes,
      refusedBy,
    };
    console.log(`scannability matrix: ${JSON.stringify(summary)}`);
    expect(summary.accepted + summary.refused).toBe(4 * 3 * 4 * 3 * 2 * COLOURS.length);
    expect(Object.values(refusedBy).reduce((a, b) => a + b, 0)).toBe(summary.refused);
  }, 600_000);
});
