import type { ComponentChildren } from 'preact';
import { Field } from './field';

/** A whole number within bounds (a box or a slider); only values within the bounds reach `onChange`. */
export function IntegerField({
  label,
  value,
  min,
  max,
  onChange,
  slider = false,
  hint,
  error,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  slider?: boolean;
  hint?: ComponentChildren;
  error?: string | null | undefined;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(a11y) => (
        <input
          {...a11y}
          type={slider ? 'range' : 'number'}
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={Number.isNaN(value) ? '' : value}
          onInput={(e) => {
            const next = e.currentTarget.valueAsNumber;
            if (Number.isInteger(next) && next >= min && next <= max) onChange(next);
          }}
        />
      )}
    </Field>
  );
}
