import { useState } from 'preact/hooks';
import { Field, TextField } from '../../../components/ui/field';

/** A list typed one item a line; the typed text is kept as it is while the parsed list goes up. */
export function LinesField<T>({
  label,
  hint,
  value,
  format,
  parse,
  onChange,
}: {
  label: string;
  hint: string;
  value: readonly T[];
  format: (item: T) => string;
  parse: (line: string) => T | null;
  onChange: (items: T[]) => void;
}) {
  const [text, setText] = useState(() => value.map(format).join('\n'));
  return (
    <Field label={label} hint={hint}>
      {(a11y) => (
        <textarea
          {...a11y}
          rows={4}
          value={text}
          onInput={(e) => {
            const next = e.currentTarget.value;
            setText(next);
            onChange(
              next
                .split('\n')
                .map((line) => line.trim())
                .filter(Boolean)
                .map(parse)
                .filter((item): item is T => item !== null),
            );
          }}
        />
      )}
    </Field>
  );
}

/** "label | value" lines, the label optional (phones, e-mails, links). */
export const splitPair = (line: string): [string, string] => {
  const at = line.lastIndexOf('|');
  return at < 0 ? ['', line.trim()] : [line.slice(0, at).trim(), line.slice(at + 1).trim()];
};

/** An optional text: empty is null. */
export function OptionalText({
  label,
  value,
  onChange,
  hint,
  maxLength = 100,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  hint?: string;
  maxLength?: number;
}) {
  return (
    <TextField
      label={label}
      hint={hint}
      maxLength={maxLength}
      value={value ?? ''}
      onInput={(v) => onChange(v.trim() ? v : null)}
    />
  );
}

/** The page's main colour as #rrggbb; empty keeps qrelay's default. */
export const ColourField = ({
  value,
  onChange,
}: {
  value: string | null | undefined;
  onChange: (value: string | null) => void;
}) => (
  <OptionalText
    label="Main colour (optional)"
    hint="As #rrggbb, for example #0a7d4f."
    maxLength={7}
    value={value}
    onChange={onChange}
  />
);
