import type { ComponentChildren } from 'preact';

/**
 * A set of checkboxes choosing some of `options`, with a hint and the API's message beside it. With
 * `pairs`, each option names its column (1 or 2), so pairs such as a read and a write scope share a row.
 */
export function CheckGroup<T extends string>({
  legend,
  hint,
  options,
  value,
  onChange,
  error,
  pairs = false,
}: {
  legend: string;
  hint?: string;
  options: readonly { value: T; label: ComponentChildren; column?: 1 | 2 }[];
  value: readonly T[];
  onChange: (value: T[]) => void;
  error?: string | undefined;
  pairs?: boolean;
}) {
  return (
    <fieldset class="field">
      <legend>{legend}</legend>
      {hint ? <p class="field-hint">{hint}</p> : null}
      <div class={pairs ? 'checks checks-pairs' : 'checks'}>
        {options.map((option) => (
          <label key={option.value} class={option.column ? `choice choice-column-${option.column}` : 'choice'}>
            <input
              type="checkbox"
              checked={value.includes(option.value)}
              onChange={(e) =>
                onChange(e.currentTarget.checked ? [...value, option.value] : value.filter((v) => v !== option.value))
              }
            />
            {option.label}
          </label>
        ))}
      </div>
      {error ? <p class="field-error">{error}</p> : null}
    </fieldset>
  );
}
