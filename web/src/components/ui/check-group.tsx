import type { ComponentChildren } from 'preact';

/** A set of checkboxes choosing some of `options`, with a hint and the API's message beside it. */
export function CheckGroup<T extends string>({
  legend,
  hint,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  hint?: string;
  options: readonly { value: T; label: ComponentChildren }[];
  value: readonly T[];
  onChange: (value: T[]) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset class="field">
      <legend>{legend}</legend>
      {hint ? <p class="field-hint">{hint}</p> : null}
      <div class="checks">
        {options.map((option) => (
          <label key={option.value} class="choice">
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
