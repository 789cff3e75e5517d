import { SelectField } from '../../../components/ui/select-field';
import { FIELDS, type FieldKey, type Mapping } from '../api/columns';

/**
 * Which of the file's columns fills each field, guessed from the header and changed here; the file is
 * sent with these columns under the names the service reads.
 */
export function ColumnMapping({
  header,
  mapping,
  errors,
  disabled,
  onChange,
}: {
  header: readonly string[];
  mapping: Mapping;
  errors: Partial<Record<FieldKey, string>>;
  disabled: boolean;
  onChange: (mapping: Mapping) => void;
}) {
  const options = header.map((name, i) => [String(i), name] as const);
  return (
    <div class="mapping">
      {FIELDS.map((field) => (
        <SelectField
          key={field.key}
          label={field.required ? `${field.label} (required)` : field.label}
          none={field.required ? 'Choose a column' : 'Not in the file'}
          value={mapping[field.key] === null ? '' : String(mapping[field.key])}
          options={options}
          disabled={disabled}
          hint={field.hint}
          error={errors[field.key]}
          onChange={(value) => onChange({ ...mapping, [field.key]: value === '' ? null : Number(value) })}
        />
      ))}
    </div>
  );
}
