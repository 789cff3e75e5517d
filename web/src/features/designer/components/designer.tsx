import { renderScene } from '@symbols/symbol.render';
import { useMemo, useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { ErrorMessage, Notice } from '../../../components/ui/states';
import { useDebounced } from '../../../lib/use-debounced';
import { usePreview } from '../api/preview-design';
import { useSaveDesign } from '../api/save-design';
import { forSaving, normalised, same } from '../api/design-state';
import type { DesignedCode, Design } from '../api/types';
import { DesignOptions } from './design-options';
import { ExportPanel } from './export-panel';
import { LogoPicker } from './logo-picker';
import { ScannabilityReport, verdict } from './scannability-report';
import { SymbolPreview } from './symbol-preview';
import { TemplatePanel } from './template-panel';
import '../designer.css';

function modulesAcross(value: string, design: Design): number {
  try {
    return renderScene(value, design, 'plate').width;
  } catch {
    return 0;
  }
}

/**
 * The designer: every option of the design beside a live preview (drawn in the browser by the shared
 * renderer), the service's scannability report, templates, and exports of the saved design or of the
 * unsaved one as a variant.
 */
export function Designer({
  code,
  canWrite,
  canListMedia,
}: {
  code: DesignedCode;
  /** Whether the person's role may change codes (save designs and templates); exports need only reading. */
  canWrite: boolean;
  /** Whether the person's role may list the media library (uploading needs canWrite too). */
  canListMedia: boolean;
}) {
  const saved = normalised(code.design);
  const [design, setDesign] = useState<Design>(saved);
  const [accept, setAccept] = useState(false);
  const save = useSaveDesign(code.id);
  const checked = useDebounced(design, 350);
  const preview = usePreview(code.encode, checked);
  const report = preview.data?.scannability;
  const unsaved = !same(design, saved);
  const scannable = report ? report.scannable : true;
  const edit = (next: (current: Design) => Design) => {
    setDesign((current) => normalised(next(current)));
    setAccept(false);
    save.reset();
  };
  const change = (patch: Partial<Design>) => edit((current) => ({ ...current, ...patch }));
  const across = useMemo(() => modulesAcross(code.encode, design), [code.encode, design]);
  const pickLogo = (url: string) =>
    change({
      logo: { url, size: design.logo?.size ?? 0.2 },
      ...(design.errorCorrection === 'L' || design.errorCorrection === 'M' ? { errorCorrection: 'Q' } : {}),
    });
  const submit = () =>
    save.mutate({
      design: forSaving(design),
      ...(scannable ? {} : { acceptUnscannable: accept }),
    });
  return (
    <div class="designer">
      <section class="card stack designer-preview" aria-labelledby="preview-heading">
        <h2 id="preview-heading">Preview</h2>
        <SymbolPreview value={code.encode} design={design} label={`QR code for ${code.encode}, as designed`} />
        {preview.isError ? (
          <ErrorMessage error={preview.error} retry={() => void preview.refetch()} />
        ) : report ? (
          <div aria-busy={preview.isFetching || checked !== design || undefined}>
            <ScannabilityReport report={report} />
            {verdict(report) === 'fail' ? (
              <p class="muted">
                Change what the report names (colours, margin, logo size or error correction) until the symbol scans.
              </p>
            ) : null}
          </div>
        ) : (
          <p class="muted" role="status">
            Checking that the symbol scans…
          </p>
        )}
      </section>
      <form
        class="card designer-options"
        aria-labelledby="options-heading"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <h2 id="options-heading">Design</h2>
        <DesignOptions
          design={design}
          onChange={change}
          logoPicker={
            canWrite ? <LogoPicker current={design.logo?.url ?? null} canList={canListMedia} onPick={pickLogo} /> : undefined
          }
        />
        <div class="designer-save">
          {canWrite ? null : <Notice>Your role can try designs and export this code, but not save a design.</Notice>}
          {!scannable ? (
            <label class="choice choice-warn">
              <input type="checkbox" checked={accept} onChange={(e) => setAccept(e.currentTarget.checked)} />
              <span>Save it although it does not scan reliably.</span>
            </label>
          ) : null}
          {save.error ? <ErrorMessage error={save.error} /> : null}
          {save.isSuccess && !unsaved ? <Notice tone="success">Design saved. Exports now use it.</Notice> : null}
          <div class="actions actions-start">
            <Button type="submit" busy={save.isPending} disabled={!canWrite || !unsaved || (!scannable && !accept)}>
              Save design
            </Button>
            <Button variant="ghost" disabled={!unsaved} onClick={() => edit(() => saved)}>
              Undo changes
            </Button>
          </div>
        </div>
      </form>
      <div class="designer-side stack">
        <ExportPanel
          code={code}
          design={design}
          report={checked === design && !preview.isPlaceholderData ? report : undefined}
          symbolModules={across}
          unsaved={unsaved}
        />
        <TemplatePanel design={design} scannable={scannable} canSave={canWrite} onApply={(template) => edit(() => template)} />
      </div>
    </div>
  );
}
