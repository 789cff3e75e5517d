import { SelectField } from '../../../components/ui/select-field';
import type { PrintDraft, ReadDraft } from '../api/print-options';
import type { RunField } from '../api/run-errors';
import { SHEET_BOUNDS, type Caption, type Paper } from '../api/sheet-layout';
import { NumberField } from './number-field';

const PAPER_CHOICES = [
  ['A4', 'A4 (210 × 297 mm)'],
  ['Letter', 'Letter (8.5 × 11 in)'],
] as const;
const CAPTIONS = [
  ['name', 'Name'],
  ['shortCode', 'Ending'],
  ['none', 'None'],
] as const;

/**
 * The grid of the label sheets. A grid whose symbols would come out under 10 mm is said beside the
 * field that makes them so small (columns for their width, rows for their height), in the service's words.
 */
export function SheetFields({
  draft,
  read,
  refused,
  onChange,
}: {
  draft: PrintDraft;
  read: ReadDraft;
  refused: Partial<Record<RunField, string>>;
  onChange: (draft: PrintDraft) => void;
}) {
  // The service's own check, run here: its message says what would fit, beside the field to change.
  const refusal = read.page?.refusal ?? null;
  const number = (name: keyof typeof SHEET_BOUNDS, label: string, unit = '') => {
    const { min, max, step } = SHEET_BOUNDS[name];
    const warning = refusal?.field === `sheet.${name}` ? refusal.message : null;
    return (
      <NumberField
        label={label}
        value={draft[name]}
        min={min}
        max={max}
        step={step}
        hint={`${min} to ${max}${unit}.`}
        error={read.problems[name] ?? refused[`sheet.${name}`] ?? warning}
        onInput={(value) => onChange({ ...draft, [name]: value })}
      />
    );
  };
  return (
    <div class="sheet-fields">
      <SelectField
        label="Paper"
        value={draft.paper}
        options={PAPER_CHOICES}
        error={refused['sheet.paper']}
        onChange={(paper: Paper) => onChange({ ...draft, paper })}
      />
      <SelectField
        label="Caption"
        value={draft.caption}
        options={CAPTIONS}
        error={refused['sheet.caption']}
        onChange={(caption: Caption) => onChange({ ...draft, caption })}
      />
      {number('columns', 'Columns')}
      {number('rows', 'Rows')}
      {number('marginMm', 'Margin (mm)', ' mm')}
      {number('gapMm', 'Gap (mm)', ' mm')}
    </div>
  );
}
