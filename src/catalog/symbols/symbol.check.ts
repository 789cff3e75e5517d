import { DEFAULT_DESIGN, type Design } from '../designs/design.schema.js';
import { decodeQr } from './symbol.decode.js';
import { rasteriseScene } from './symbol.raster.js';
import { layout } from './symbol.render.js';
import { sceneFor } from './symbol.request.js';
import { designFindings, weakestContrast, type Finding } from './symbol.rules.js';
import type { ScannabilityReport } from './symbol.report.js';
import type { LogoArt } from './symbol.scene.js';

/** Pixels per module of the image the check decodes: what a phone sees of a small printed symbol. */
const CHECK_PIXELS_PER_MODULE = 4;

/**
 * Renders the design with its logo drawn (or, when the logo's bytes are not at hand, a solid
 * stand-in, the worst case a logo can be), decodes the image with ZXing
 * and adds the rules a decoder cannot show (contrast, inverted colours, quiet zone, logo share).
 */
export async function checkDesign(
  value: string,
  design: Design,
  extra: Finding[] = [],
  art?: LogoArt,
): Promise<ScannabilityReport> {
  // The value is drawn first: one too long for a QR symbol is the 400 the caller must answer.
  const started = performance.now();
  const scene = sceneFor(value, design, art ? 'image' : 'stand-in', art);
  const box = layout(value, design);
  const findings = [...designFindings(design, box)];
  const text = await decodeQr(rasteriseScene(scene, Math.round(scene.width * CHECK_PIXELS_PER_MODULE)));
  const decodeMs = performance.now() - started;
  const decoded = text === value;
  if (!decoded) {
    // At low contrast one decoder fails where another (or a good phone) still reads the symbol: say
    // what a person can expect, not that it never scans.
    const faint = findings.some((f) => f.cause === 'contrast');
    findings.unshift({
      cause: 'decode',
      severity: 'fail',
      message:
        text !== null
          ? 'the rendered symbol decodes to a different value than the one encoded.'
          : faint
            ? 'the rendered symbol may not scan on some phones: the check could not read it at this contrast.'
            : 'the rendered symbol does not decode.',
    });
  }
  findings.push(...extra);
  return {
    scannable: !findings.some((f) => f.severity === 'fail'),
    decoded,
    findings,
    contrast: Number(weakestContrast(design).toFixed(2)),
    version: box.matrix.version,
    modules: box.symbolWidth,
    decodeMs: Number(decodeMs.toFixed(2)),
  };
}

/** A plain value, like the short addresses codes encode. */
const WARM_UP_VALUE = 'https://qrelay.invalid/warm-up';

/**
 * Checks a plain symbol once, when an imaging thread is warmed. Loading the decoder and the first
 * render take the thread tens of milliseconds; without this they fall on the first request that saves
 * a design. Answers whether the symbol decoded.
 */
export async function warmUpCheck(): Promise<boolean> {
  return (await checkDesign(WARM_UP_VALUE, DEFAULT_DESIGN)).decoded;
}
