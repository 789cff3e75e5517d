import { sizeFindings } from '@symbols/symbol.rules';
import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ErrorMessage, Notice } from '../../../components/ui/states';
import { forSaving } from '../api/design-state';
import { useExportImage, type ExportFormat } from '../api/export-image';
import type { Scannability } from '../api/preview-design';
import type { DesignedCode, Design } from '../api/types';
import { ScannabilityReport, verdict } from './scannability-report';

const FORMATS: Record<ExportFormat, { label: string; unit: 'px' | 'mm'; min: number; max: number; start: number; hint: string }> =
  {
    png: {
      label: 'PNG',
      unit: 'px',
      min: 64,
      max: 4096,
      start: 1024,
      hint: 'A picture for screens, documents and most print shops.',
    },
    svg: {
      label: 'SVG',
      unit: 'px',
      min: 64,
      max: 4096,
      start: 1024,
      hint: 'A vector drawing: sharp at any size; includes the logo.',
    },
    pdf: { label: 'PDF', unit: 'mm', min: 10, max: 1000, start: 50, hint: 'One vector page of the chosen printed width.' },
  };

/**
 * Exports through the service (the same renderer) the saved design, or, while options are changed and
 * not saved, the design as it is now (a variant: the code keeps its saved design), after showing the
 * scannability report for the chosen size; a design that fails is exported only once the person says so.
 */
export function ExportPanel({
  code,
  design,
  report,
  symbolModules,
  unsaved,
}: {
  code: DesignedCode;
  /** The design as shown, exported as a variant while `unsaved`. */
  design: Design;
  /** The check of the design as shown; undefined while it is being made. */
  report: Scannability | undefined;
  /** Modules across the whole image (quiet zone and frame included), to tell the size of one module. */
  symbolModules: number;
  unsaved: boolean;
}) {
  const [format, setFormat] = useState<ExportFormat>('png');
  const [sizes, setSizes] = useState<Record<ExportFormat, number>>({ png: 1024, svg: 1024, pdf: 50 });
  const [accepted, setAccepted] = useState(false);
  const exporter = useExportImage(code);
  const spec = FORMATS[format];
  const size = sizes[format];
  const sizeValid = Number.isInteger(size) && size >= spec.min && size <= spec.max;
  const extra = sizeValid && symbolModules > 0 ? sizeFindings(size / symbolModules, spec.unit) : [];
  const failing = report ? verdict({ ...report, findings: [...report.findings, ...extra] }) === 'fail' : false;
  return (
    <section class="card stack" aria-labelledby="export-heading">
      <h2 id="export-heading">Export</h2>
      {unsaved ? (
        <Notice>
          Exports draw the design as shown, not saved: a variant to try or hand over. The code keeps its saved design until you
          save.
        </Notice>
      ) : null}
      <fieldset class="field">
        <legend>Format</legend>
        <div class="segmented">
          {(Object.keys(FORMATS) as ExportFormat[]).map((f) => (
            <label key={f} class="choice">
              <input type="radio" name="export-format" value={f} checked={format === f} onChange={() => setFormat(f)} />
              <span>{FORMATS[f].label}</span>
            </label>
          ))}
        </div>
        <p class="field-hint">{spec.hint}</p>
      </fieldset>
      <Field
        label={format === 'pdf' ? 'Printed width (mm)' : 'Width (pixels)'}
        error={sizeValid ? null : `Choose ${spec.min} to ${spec.max} ${spec.unit}.`}
        hint={format === 'pdf' ? `${spec.min}–${spec.max} mm; 20 mm or more for print.` : `${spec.min}–${spec.max} px.`}
      >
        {(a11y) => (
          <input
            {...a11y}
            type="number"
            inputMode="numeric"
            min={spec.min}
            max={spec.max}
            step={1}
            value={Number.isNaN(size) ? '' : size}
            onInput={(e) => setSizes({ ...sizes, [format]: e.currentTarget.valueAsNumber })}
          />
        )}
      </Field>
      <h3 class="h3">Scannability at this size</h3>
      {report ? <ScannabilityReport report={report} extra={extra} /> : <p class="muted">Checking…</p>}
      {failing ? (
        <label class="choice choice-warn">
          <input type="checkbox" checked={accepted} onChange={(e) => setAccepted(e.currentTarget.checked)} />
          <span>I understand this symbol may not scan and want to export it anyway.</span>
        </label>
      ) : null}
      {exporter.error ? <ErrorMessage error={exporter.error} /> : null}
      {exporter.isSuccess ? <Notice tone="success">Downloaded {exporter.data}.</Notice> : null}
      <div class="actions actions-start">
        <Button
          busy={exporter.isPending}
          disabled={!sizeValid || !report || (failing && !accepted)}
          onClick={() => exporter.mutate({ format, size, ...(unsaved ? { variant: forSaving(design) } : {}) })}
        >
          Download {unsaved ? 'variant as ' : ''}
          {spec.label}
        </Button>
      </div>
    </section>
  );
}
