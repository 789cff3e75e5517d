import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { ItemControls } from './item-controls';
import type { Form } from '../api/content';
import { LinesField } from './inputs';

type FormField = Form['fields'][number];
type FieldType = FormField['type'];

const TYPES: ReadonlyArray<readonly [FieldType, string]> = [
  ['text', 'Short text'],
  ['textarea', 'Long text'],
  ['email', 'E-mail'],
  ['phone', 'Phone'],
  ['number', 'Number'],
  ['date', 'Date'],
  ['checkbox', 'Checkbox'],
  ['select', 'Choice from a list'],
  ['rating', 'Rating 1-5'],
];

/** A key from a label: lowercase letters, digits and _, starting with a letter (the API's rule). */
export const keyOf = (label: string): string =>
  label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .slice(0, 40);

const freeKey = (fields: readonly FormField[]): string => {
  let n = fields.length + 1;
  while (fields.some((f) => f.key === `field_${n}`)) n += 1;
  return `field_${n}`;
};

/** The fields of a form in order: add, change, move and remove any of them. */
export function FormFieldsEditor({ fields, onChange }: { fields: FormField[]; onChange: (fields: FormField[]) => void }) {
  const change = (index: number, patch: Partial<FormField>) =>
    onChange(fields.map((field, i) => (i === index ? tidy({ ...field, ...patch }) : field)));
  return (
    <fieldset class="editor-list">
      <legend>Fields</legend>
      {fields.length === 0 ? <p class="muted">No fields yet: add the first one.</p> : null}
      <ol class="editor-items">
        {fields.map((field, index) => (
          <li key={index} class="editor-item">
            <div class="grid-2">
              <TextField
                label={`Label of field ${index + 1}`}
                maxLength={100}
                value={field.label}
                onInput={(label) => {
                  const automatic = field.key === keyOf(field.label) || /^field_\d+$/.test(field.key);
                  change(index, { label, ...(automatic && keyOf(label) ? { key: keyOf(label) } : {}) });
                }}
              />
              <SelectField
                label={`Type of field ${index + 1}`}
                value={field.type}
                options={TYPES}
                onChange={(type) => change(index, { type })}
              />
            </div>
            <TextField
              label={`Key of field ${index + 1}`}
              hint="Names the answer in submissions and exports: lowercase letters, digits and _."
              maxLength={40}
              value={field.key}
              onInput={(key) => change(index, { key })}
            />
            {field.type === 'select' ? (
              <LinesField
                label={`Choices of field ${index + 1}`}
                hint="One choice a line."
                value={field.options ?? []}
                format={(option) => option}
                parse={(line) => line}
                onChange={(options) => change(index, { options })}
              />
            ) : null}
            <label class="choice">
              <input
                type="checkbox"
                checked={field.required ?? false}
                onChange={(e) => change(index, { required: e.currentTarget.checked })}
              />
              Required
            </label>
            <ItemControls items={fields} index={index} noun="field" onChange={onChange} />
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        onClick={() =>
          onChange([...fields, { key: freeKey(fields), label: `Question ${fields.length + 1}`, type: 'text', required: false }])
        }
      >
        Add a field
      </Button>
    </fieldset>
  );
}

/** Only a choice field carries options. */
function tidy(field: FormField): FormField {
  if (field.type === 'select') return { ...field, options: field.options ?? [] };
  const { options: _options, ...rest } = field;
  return rest;
}
