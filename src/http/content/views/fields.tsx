import type { ComponentChildren } from 'preact';
import { ErrorSummary, errorId, Field as TextField } from '../../html/index.js';
import { RATING_MAX, type FormField } from '../../../content/index.js';
import { HONEYPOT } from '../enquiry.js';

/** What a refused form shows again: the message per field and what was typed. */
export interface FormState {
  errors: Record<string, string>;
  values: Record<string, string>;
}

const INPUT_TYPES: Partial<Record<FormField['type'], string>> = {
  text: 'text',
  email: 'email',
  phone: 'tel',
  number: 'number',
  date: 'date',
  textarea: 'textarea',
};
const AUTOCOMPLETE: Record<string, string> = { name: 'name', email: 'email', phone: 'tel' };

const labelOf = (field: FormField): string => (field.required ? `${field.label} (required)` : field.label);

/** The message beside a field, linked from it by aria-describedby. */
const Message = ({ field, error }: { field: FormField; error: string | undefined }) =>
  error ? (
    <p class="error" id={errorId(field.key)}>
      {error}
    </p>
  ) : null;

/** One field with its message beside it; text-like fields are the HTML layer's own Field. */
function FormControl({ field, state }: { field: FormField; state: FormState }) {
  const error = state.errors[field.key];
  const value = state.values[field.key] ?? '';
  const described = error ? { 'aria-invalid': 'true' as const, 'aria-describedby': errorId(field.key) } : {};
  const type = INPUT_TYPES[field.type];
  if (type) {
    return (
      <div class="field">
        <TextField
          name={field.key}
          label={labelOf(field)}
          type={type}
          value={value}
          error={error}
          required={field.required}
          autoComplete={AUTOCOMPLETE[field.key] ?? AUTOCOMPLETE[field.type] ?? 'off'}
        />
      </div>
    );
  }
  if (field.type === 'checkbox') {
    return (
      <div class="field">
        <label class="choice">
          <input
            type="checkbox"
            id={field.key}
            name={field.key}
            value="yes"
            checked={value !== '' && value !== 'false'}
            {...described}
          />
          {labelOf(field)}
        </label>
        <Message field={field} error={error} />
      </div>
    );
  }
  if (field.type === 'rating') {
    return (
      <fieldset class="field" id={field.key} {...(error ? { 'aria-describedby': errorId(field.key) } : {})}>
        <legend>{labelOf(field)}</legend>
        {Array.from({ length: RATING_MAX }, (_, i) => String(i + 1)).map((n) => (
          <label class="choice" key={n}>
            <input type="radio" name={field.key} value={n} checked={value === n} />
            {n}
          </label>
        ))}
        <Message field={field} error={error} />
      </fieldset>
    );
  }
  return (
    <div class="field">
      <label for={field.key}>{labelOf(field)}</label>
      <select id={field.key} name={field.key} {...described}>
        <option value="">Choose…</option>
        {(field.options ?? []).map((o) => (
          <option key={o} value={o} selected={o === value}>
            {o}
          </option>
        ))}
      </select>
      <Message field={field} error={error} />
    </div>
  );
}

/**
 * A form that works without JavaScript: a plain POST to its own address. A refused one starts with the
 * HTML layer's error summary linking to each field in trouble, and every field keeps what was typed.
 */
export function PlainForm(props: {
  fields: readonly FormField[];
  state: FormState;
  action: string;
  submit: string;
  /** A check shown after the fields (the proof-of-work challenge), whose problem is under `check.key`. */
  check?: { key: string; label: string; children: ComponentChildren };
}) {
  const summary = Object.fromEntries(
    props.fields.filter((f) => props.state.errors[f.key]).map((f) => [f.key, `${f.label}: ${props.state.errors[f.key]}`]),
  );
  const checkError = props.check ? props.state.errors[props.check.key] : undefined;
  if (props.check && checkError) summary[props.check.key] = `${props.check.label}: ${checkError}`;
  return (
    <form method="post" action={props.action} noValidate>
      <ErrorSummary errors={summary} heading="Please check these answers" />
      {props.fields.map((field) => (
        <FormControl key={field.key} field={field} state={props.state} />
      ))}
      {props.check?.children}
      <div class="hp" aria-hidden="true">
        <label for="hp-website">Leave this empty</label>
        <input id="hp-website" type="text" name={HONEYPOT} tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit">{props.submit}</button>
    </form>
  );
}
