import type { FormField } from '../../../modules/forms/form.fields.js';
import { RATING_MAX } from '../../../modules/forms/form.fields.js';
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
};
const AUTOCOMPLETE: Record<string, string> = { name: 'name', email: 'email', phone: 'tel' };

function Label({ field, id }: { field: FormField; id: string }) {
  return (
    <label for={id}>
      {field.label}
      {field.required ? <span class="req"> (required)</span> : null}
    </label>
  );
}

/** One field with its message beside it: linked by aria-describedby, marked aria-invalid. */
function Field({ field, state }: { field: FormField; state: FormState }) {
  const id = `f-${field.key}`;
  const error = state.errors[field.key];
  const value = state.values[field.key] ?? '';
  const errorId = `${id}-error`;
  const aria = error ? { 'aria-invalid': 'true' as const, 'aria-describedby': errorId } : {};
  const message = error ? (
    <p class="error" id={errorId}>
      {error}
    </p>
  ) : null;
  if (field.type === 'checkbox') {
    return (
      <div class="field">
        <label class="choice">
          <input
            type="checkbox"
            name={field.key}
            value="yes"
            checked={value !== '' && value !== 'false'}
            required={field.required}
            {...aria}
          />
          {field.label}
          {field.required ? <span class="req"> (required)</span> : null}
        </label>
        {message}
      </div>
    );
  }
  if (field.type === 'rating') {
    return (
      <fieldset class="field" {...(error ? { 'aria-describedby': errorId } : {})}>
        <legend>
          {field.label}
          {field.required ? <span class="req"> (required)</span> : null}
        </legend>
        {Array.from({ length: RATING_MAX }, (_, i) => String(i + 1)).map((n) => (
          <label class="choice" key={n}>
            <input type="radio" name={field.key} value={n} checked={value === n} required={field.required} />
            {n}
          </label>
        ))}
        {message}
      </fieldset>
    );
  }
  const common = { id, name: field.key, required: field.required, ...aria };
  let control;
  if (field.type === 'textarea') control = <textarea {...common}>{value}</textarea>;
  else if (field.type === 'select')
    control = (
      <select {...common}>
        <option value="">Choose…</option>
        {(field.options ?? []).map((o) => (
          <option key={o} value={o} selected={o === value}>
            {o}
          </option>
        ))}
      </select>
    );
  else
    control = (
      <input
        {...common}
        type={INPUT_TYPES[field.type] ?? 'text'}
        value={value}
        autocomplete={AUTOCOMPLETE[field.key] ?? AUTOCOMPLETE[field.type] ?? 'off'}
        {...(field.type === 'number' ? { step: 'any' } : {})}
      />
    );
  return (
    <div class="field">
      <Label field={field} id={id} />
      {control}
      {message}
    </div>
  );
}

/**
 * A form that works without JavaScript: a plain POST to its own address. A refused one starts with a
 * summary linking to each field in trouble, and every field keeps what was typed.
 */
export function PlainForm(props: { fields: readonly FormField[]; state: FormState; action: string; submit: string }) {
  const refused = props.fields.filter((f) => props.state.errors[f.key]);
  return (
    <form method="post" action={props.action} noValidate>
      {refused.length > 0 ? (
        <div class="summary" role="alert">
          <p>
            <strong>Please check {refused.length === 1 ? 'this field' : `these ${refused.length} fields`}:</strong>
          </p>
          <ul>
            {refused.map((f) => (
              <li key={f.key}>
                <a href={`#f-${f.key}`}>
                  {f.label}: {props.state.errors[f.key]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {props.fields.map((field) => (
        <Field key={field.key} field={field} state={props.state} />
      ))}
      <div class="hp" aria-hidden="true">
        <label for="hp">Leave this empty</label>
        <input id="hp" type="text" name={HONEYPOT} tabIndex={-1} autocomplete="off" />
      </div>
      <button type="submit">{props.submit}</button>
    </form>
  );
}
