/** Form pieces for server-rendered pages: errors beside their field, what was typed kept. */

/** Field name → the message shown beside it. */
export type FieldErrors = Record<string, string>;

export interface FieldProps {
  /** The form name; also the element id, so an ErrorSummary can link to it. */
  name: string;
  label: string;
  /** An input type (default "text"), or "textarea". */
  type?: string;
  /** What was typed, shown again after a refused submission. Never pass a password back. */
  value?: string;
  error?: string;
  required?: boolean;
  maxLength?: number;
  autoComplete?: string;
  autoFocus?: boolean;
}

export const errorId = (name: string): string => `${name}-error`;

/** A labelled input whose error sits right after it and is announced with it (aria-describedby). */
export function Field({ name, label, type = 'text', value, error, ...rest }: FieldProps) {
  const control = {
    id: name,
    name,
    value,
    required: rest.required,
    maxLength: rest.maxLength,
    autoComplete: rest.autoComplete,
    autoFocus: rest.autoFocus,
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': error ? errorId(name) : undefined,
  };
  return (
    <>
      <label for={name}>{label}</label>
      {type === 'textarea' ? <textarea {...control} /> : <input type={type} {...control} />}
      {error && (
        <p class="error" id={errorId(name)}>
          {error}
        </p>
      )}
    </>
  );
}

/** The list of a refused form's problems at its top, each linking to its field; nothing when none. */
export function ErrorSummary({ errors, heading = 'There is a problem' }: { errors: FieldErrors; heading?: string }) {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <div class="error-summary" role="alert">
      <h2>{heading}</h2>
      <ul>
        {entries.map(([name, message]) => (
          <li key={name}>
            <a href={`#${name}`}>{message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
