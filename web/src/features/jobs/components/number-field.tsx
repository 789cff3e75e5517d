import type { ComponentChildren } from 'preact';
import { Field } from '../../../components/ui/field';

/** A number typed as text, kept as typed (a half-typed value stays); the parent says what is wrong beside it. */
export function NumberField({
  label,
  value,
  min,
  max,
  step = 1,
  onInput,
  hint,
  error,
}: {
  label: string;
  value: string;
  min: number;
  max: number;
  step?: number;
  onInput: (value: string) => void;
  hint?: ComponentChildren;
  error?: string | null | undefined;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(a11y) => (
        <input
          {...a11y}
          type="number"
          inputMode={step === 1 ? 'numeric' : 'decimal'}
          min={min}
          max={max}
          step={step}
          value={value}
          onInput={(e) => onInput(e.currentTarget.value)}
        />
      )}
    </Field>
  );
}
