import type { Finding } from './symbol.rules.js';

/** What the scannability check found for one design and value. */
export interface ScannabilityReport {
  /** False when any finding is a `fail`: such a design is refused on save unless the caller accepts it. */
  scannable: boolean;
  /** Whether the rendered image decoded to exactly the encoded value. */
  decoded: boolean;
  findings: Finding[];
  /** The lowest contrast between a colour of the modules (gradient ends and finders included) and the background. */
  contrast: number;
  version: number;
  /** Modules per side, quiet zone included. */
  modules: number;
  /** Time the render and decode took, in milliseconds. */
  decodeMs: number;
}

/** The report as one header value: `pass`, or `warn`/`fail` with the causes, e.g. `fail; causes=decode,contrast`. */
export function reportHeader(report: ScannabilityReport): string {
  if (report.findings.length === 0) return 'pass';
  const causes = [...new Set(report.findings.map((f) => f.cause))].join(',');
  return `${report.scannable ? 'warn' : 'fail'}; causes=${causes}`;
}
