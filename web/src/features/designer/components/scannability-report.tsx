import type { Scannability } from '../api/preview-design';

type Finding = Scannability['findings'][number];

/** What each cause means for the person holding a phone, beside the check's own message. */
const WHY: Record<Finding['cause'], string> = {
  decode: 'A phone camera reads the same image the check reads; if the check cannot decode it, many phones will not either.',
  contrast: 'Cameras need dark modules on a light background with a strong difference in brightness.',
  inverted: 'Many phone scanners cannot read light modules on a dark background.',
  quiet_zone: 'Scanners find the symbol by the empty margin around it; 4 modules is the standard.',
  logo: 'A logo hides modules; the error correction can restore only a share of them.',
  module_size: 'Each square must be large enough for a camera to tell apart at the chosen size.',
};

export function verdict(report: Scannability): 'pass' | 'warn' | 'fail' {
  if (!report.scannable) return 'fail';
  return report.findings.length ? 'warn' : 'pass';
}

const TONE = { pass: 'alert-success', warn: 'report-warn', fail: 'alert-error' } as const;

const TITLE = {
  pass: 'Scans well',
  warn: 'Scans, with warnings',
  fail: 'Does not scan reliably',
} as const;

/** The scannability check's verdict and every finding, explained. */
export function ScannabilityReport({ report, extra = [] }: { report: Scannability; extra?: Finding[] }) {
  const merged = { ...report, findings: [...report.findings, ...extra] };
  const level = verdict(merged);
  return (
    <div class={`alert report ${TONE[level]}`} role="status">
      <p class="report-title">
        <strong>{TITLE[level]}</strong>
        <span class="muted">
          {' '}
          · contrast {report.contrast.toFixed(1)}:1 · version {report.version} · {report.modules}×{report.modules} modules
        </span>
      </p>
      {merged.findings.length ? (
        <ul class="report-findings">
          {merged.findings.map((finding) => (
            <li key={finding.cause + finding.message}>
              <span class={`badge badge-${finding.severity}`}>{finding.severity === 'fail' ? 'Fails' : 'Warning'}</span>{' '}
              {finding.message.charAt(0).toUpperCase() + finding.message.slice(1)} <span class="muted">{WHY[finding.cause]}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">The rendered symbol decodes to the code's address with good contrast and margin.</p>
      )}
    </div>
  );
}
