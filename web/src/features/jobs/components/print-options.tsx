import { useMemo, useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/states';
import { newKey } from '../api/new-key';
import { FORMATS, readDraft, startDraft, type Format, type PrintDraft } from '../api/print-options';
import { runErrors } from '../api/run-errors';
import { useStartPrintRun, type PrintRunBody } from '../api/start-print-run';
import type { Job } from '../api/get-job';
import { NumberField } from './number-field';
import { SheetFields } from './sheet-fields';
import { SheetPreview } from './sheet-preview';

export type PrintSource = Pick<PrintRunBody, 'codeIds' | 'folderId' | 'jobId'>;

/**
 * A print run's options: the format and size of each image, and label sheets with a live preview of
 * one page. A refusal shows beside the field it names; what was typed stays.
 */
export function PrintOptions({ source, onStarted }: { source: PrintSource; onStarted: (job: Job) => void }) {
  const [draft, setDraft] = useState<PrintDraft>(startDraft);
  const start = useStartPrintRun();
  const read = readDraft(draft);
  const spec = FORMATS[draft.format];
  const refused = runErrors(start.error);
  const body: PrintRunBody | null =
    read.size === null || (draft.sheets && read.sheet === null)
      ? null
      : { ...source, format: draft.format, size: read.size, ...(read.sheet ? { sheet: read.sheet } : {}) };
  const serial = JSON.stringify(body);
  const key = useMemo(newKey, [serial]);
  const small = read.page?.refusal != null;
  const change = (next: PrintDraft) => {
    setDraft(next);
    if (start.error) start.reset();
  };
  return (
    <form
      class="form print-options"
      onSubmit={(e) => {
        e.preventDefault();
        if (body && !small) start.mutate({ body, idempotencyKey: key }, { onSuccess: onStarted });
      }}
    >
      {refused.form ? <Notice tone="error">{refused.form}</Notice> : null}
      <fieldset class="field">
        <legend>Format</legend>
        <div class="segmented">
          {(Object.keys(FORMATS) as Format[]).map((f) => (
            <label key={f} class="choice">
              <input
                type="radio"
                name="print-format"
                value={f}
                checked={draft.format === f}
                onChange={() => change({ ...draft, format: f })}
              />
              <span>{FORMATS[f].label}</span>
            </label>
          ))}
        </div>
        <p class="field-hint">{spec.hint}</p>
        {refused.field.format ? <p class="field-error">{refused.field.format}</p> : null}
      </fieldset>
      <NumberField
        label={draft.format === 'pdf' ? 'Printed width of each code (mm)' : 'Width of each image (pixels)'}
        value={draft.size[draft.format]}
        min={spec.min}
        max={spec.max}
        hint={`${spec.min} to ${spec.max} ${spec.unit}.`}
        error={read.problems.size ?? refused.field.size}
        onInput={(value) => change({ ...draft, size: { ...draft.size, [draft.format]: value } })}
      />
      <fieldset class="field">
        <legend>Label sheets</legend>
        <label class="choice">
          <input type="checkbox" checked={draft.sheets} onChange={(e) => change({ ...draft, sheets: e.currentTarget.checked })} />
          <span>Also lay the codes out on printable label sheets (sheets.pdf), with cut marks.</span>
        </label>
      </fieldset>
      {draft.sheets ? (
        <div class="sheet-layout">
          <SheetFields draft={draft} read={read} refused={refused.field} onChange={change} />
          {read.sheet && read.page ? (
            <SheetPreview sheet={read.sheet} page={read.page} />
          ) : (
            <p class="muted sheet-preview-none">The preview returns once every sheet field is within its bounds.</p>
          )}
        </div>
      ) : null}
      <div class="actions actions-start">
        <Button type="submit" busy={start.isPending} disabled={body === null || small}>
          Start the print run
        </Button>
      </div>
    </form>
  );
}
