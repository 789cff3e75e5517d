import type { ComponentChildren } from 'preact';
import { Field } from './field';

/** A labelled choice among `options` ([value, label] pairs); `none` adds a first choice with the value "" (then T includes it). */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  none,
  hint,
  error,
  disabled,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<readonly [T, string]>;
  onChange: (value: T) => void;
  none?: string;
  hint?: ComponentChildren;
  error?: string | null | undefined;
  disabled?: boolean;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(a11y) => (
        <select {...a11y} value={value} disabled={disabled} onChange={(e) => onChange(e.currentTarget.value as T)}>
          {none === undefined ? null : <option value="">{none}</option>}
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Named records (folders, templates) as choices. */
export const named = (items: ReadonlyArray<{ id: string; name: string }> | undefined) =>
  (items ?? []).map((item) => [item.id, item.name] as const);
