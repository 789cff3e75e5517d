import type { Design } from '../designs/design.schema.js';
import type { ErrorCorrection } from './symbol.matrix.js';
import type { Layout } from './symbol.render.js';

/** One reason a design may not scan. `fail` refuses the design on save; `warn` is reported only. */
export interface Finding {
  cause: 'decode' | 'contrast' | 'inverted' | 'quiet_zone' | 'logo' | 'module_size';
  severity: 'fail' | 'warn';
  message: string;
}

/** Relative luminance of a #RRGGBB colour (WCAG 2). */
export function luminance(colour: string): number {
  const channel = (i: number) => {
    const v = parseInt(colour.slice(i, i + 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Contrast ratio between two colours, 1 (none) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Contrast below this is refused; below the second figure it is reported. */
export const MIN_CONTRAST = 3;
export const GOOD_CONTRAST = 4.5;
/** The standard quiet zone; below the minimum the design is refused. */
export const STANDARD_QUIET_ZONE = 4;
export const MIN_QUIET_ZONE = 2;
/** Share of the codewords each error-correction level can restore. */
export const RECOVERY: Record<ErrorCorrection, number> = { L: 0.07, M: 0.15, Q: 0.25, H: 0.3 };
/** A logo may hide at most this share of what its level can restore, leaving room for print and camera errors. */
export const LOGO_BUDGET = 0.6;
/** Printed module size (mm) below which phones need to come very close. */
export const MIN_MODULE_MM = 0.4;
/** Raster module size (px) below which a PNG cannot be read reliably. */
export const MIN_MODULE_PX = 3;

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

/**
 * The colours modules and finders are drawn in. A gradient's luminance along its line is convex (sRGB
 * channels interpolated, each decoded by a convex curve), so its lightest point is one of its two
 * ends: checking the ends checks the whole gradient.
 */
function moduleColours(design: Design): string[] {
  return [
    design.foreground,
    ...(design.gradient ? [design.gradient.colour] : []),
    ...(design.cornerColour ? [design.cornerColour] : []),
  ];
}

/** The lowest contrast between any colour the modules are drawn in and the background. */
export const weakestContrast = (design: Design): number =>
  Math.min(...moduleColours(design).map((c) => contrastRatio(c, design.background)));

/** Everything that can be judged from the design and the symbol's layout without decoding. */
export function designFindings(design: Design, box: Layout): Finding[] {
  const findings: Finding[] = [];
  const colours = moduleColours(design);
  const weakest = weakestContrast(design);
  if (weakest < MIN_CONTRAST) {
    findings.push({
      cause: 'contrast',
      severity: 'fail',
      message: `contrast between the modules and the background is ${weakest.toFixed(2)}:1; at least ${MIN_CONTRAST}:1 is needed.`,
    });
  } else if (weakest < GOOD_CONTRAST) {
    findings.push({
      cause: 'contrast',
      severity: 'warn',
      message: `contrast is ${weakest.toFixed(2)}:1; ${GOOD_CONTRAST}:1 or more scans more reliably.`,
    });
  }
  if (colours.some((c) => luminance(c) > luminance(design.background))) {
    findings.push({
      cause: 'inverted',
      severity: 'fail',
      message: 'the modules are lighter than the background (inverted colours); many phone scanners cannot read that.',
    });
  }
  if (design.quietZone < STANDARD_QUIET_ZONE) {
    findings.push({
      cause: 'quiet_zone',
      severity: design.quietZone < MIN_QUIET_ZONE ? 'fail' : 'warn',
      message: `the quiet zone is ${design.quietZone} modules; scanners expect ${STANDARD_QUIET_ZONE}.`,
    });
  }
  if (design.logo) {
    const data = box.matrix.size ** 2 - 3 * 49;
    const share = box.hidden / data;
    const budget = RECOVERY[design.errorCorrection as ErrorCorrection];
    if (share > budget * LOGO_BUDGET) {
      findings.push({
        cause: 'logo',
        severity: share > budget ? 'fail' : 'warn',
        message: `the logo hides ${pct(share)} of the modules; error correction ${design.errorCorrection} restores at most ${pct(budget)}, so keep the logo under ${pct(budget * LOGO_BUDGET)}.`,
      });
    }
  }
  return findings;
}

/** Module size of an export: too small to print or to rasterise well is reported. */
export function sizeFindings(moduleSize: number, unit: 'mm' | 'px'): Finding[] {
  const min = unit === 'mm' ? MIN_MODULE_MM : MIN_MODULE_PX;
  if (moduleSize >= min) return [];
  return [
    {
      cause: 'module_size',
      severity: 'warn',
      message: `a module is ${moduleSize.toFixed(2)} ${unit}; at least ${min} ${unit} is needed to scan reliably.`,
    },
  ];
}
