import type { ComponentChildren, JSX } from 'preact';
import { useId } from 'preact/hooks';

interface FieldProps {
  label: string;
  error?: string | null | undefined;
  hint?: ComponentChildren;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ComponentChildren;
}

/** A labelled control with its hint and, beside it, the API's message when the value was refused. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div class={`field${error ? ' field-invalid' : ''}`}>
      <label for={id}>{label}</label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {hint ? (
        <p class="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<JSX.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onInput'> & {
  label: string;
  error?: string | null | undefined;
  hint?: ComponentChildren;
};

/** The common case: a text-like input bound to a string. */
export function TextField({
  label,
  error,
  hint,
  value,
  onInput,
  ...rest
}: InputProps & { value: string; onInput: (value: string) => void }) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(a11y) => <input {...rest} {...a11y} value={value} onInput={(e) => onInput(e.currentTarget.value)} />}
    </Field>
  );
}

/** An http(s) address typed in (a destination, an endpoint): required, at most 2048 characters. */
export const UrlField = (props: InputProps & { value: string; onInput: (value: string) => void }) => (
  <TextField type="url" required maxLength={2048} {...props} />
);
