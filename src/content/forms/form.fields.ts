import { InvalidRequest } from '../../lib/errors.js';
import { textProblem, withoutControls } from '../../lib/text.js';
import type { Answer } from '../hosted/content.types.js';
import { LABEL_MAX } from '../hosted/content.document.js';

export const FIELD_TYPES = ['text', 'email', 'textarea', 'number', 'phone', 'date', 'checkbox', 'select', 'rating'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FormField {
  key: string;
  label: string;
  type: FieldType;
  required: boolean;
  /** The choices of a `select` field; absent for every other type. */
  options?: string[];
}

export const FIELDS_MAX = 50;
export const FIELD_KEY_PATTERN = '^[a-z][a-z0-9_]{0,39}$';
export const FIELD_KEY_MAX = 40;
export const OPTIONS_MAX = 50;
export const OPTION_MAX = 100;
/** The longest answer a field takes, in characters. */
export const ANSWER_MAX: Record<FieldType, number> = {
  text: 500,
  email: 254,
  textarea: 5000,
  number: 40,
  phone: 40,
  date: 10,
  checkbox: 10,
  select: OPTION_MAX,
  rating: 1,
};
export const RATING_MAX = 5;
/** Keys the public form uses for itself, so no field may take them. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['website_url', 'altcha', 'csrf']);

const KEY = new RegExp(FIELD_KEY_PATTERN);

/** Checks a form's fields as an editor sent them: unique keys, labels, the options of a select. */
export function validFields(input: readonly FormField[]): FormField[] {
  if (input.length > FIELDS_MAX) throw new InvalidRequest(`A form has at most ${FIELDS_MAX} fields.`, 'fields');
  const seen = new Set<string>();
  return input.map((field, i) => {
    const at = `fields[${i}]`;
    if (!KEY.test(field.key) || RESERVED_KEYS.has(field.key))
      throw new InvalidRequest(
        `${at}.key must be lowercase letters, digits and _ (starting with a letter), at most ${FIELD_KEY_MAX}.`,
        'fields',
      );
    if (seen.has(field.key)) throw new InvalidRequest(`${at}.key "${field.key}" is used twice.`, 'fields');
    seen.add(field.key);
    const label = field.label.trim();
    if (label.length === 0 || label.length > LABEL_MAX)
      throw new InvalidRequest(`${at}.label must be 1 to ${LABEL_MAX} characters.`, 'fields');
    if (!(FIELD_TYPES as readonly string[]).includes(field.type))
      throw new InvalidRequest(`${at}.type is not a field type.`, 'fields');
    const out: FormField = { key: field.key, label, type: field.type, required: field.required === true };
    if (field.type === 'select') {
      const options = (field.options ?? []).map((o) => o.trim());
      if (options.length === 0 || options.length > OPTIONS_MAX || options.some((o) => o.length === 0 || o.length > OPTION_MAX))
        throw new InvalidRequest(
          `${at}.options must list 1 to ${OPTIONS_MAX} choices of 1 to ${OPTION_MAX} characters.`,
          'fields',
        );
      if (new Set(options).size !== options.length) throw new InvalidRequest(`${at}.options has a choice twice.`, 'fields');
      out.options = options;
    } else if (field.options !== undefined) {
      throw new InvalidRequest(`${at}.options is only for a select field.`, 'fields');
    }
    return out;
  });
}

/** The outcome of checking what a visitor sent: the answers, or a message per refused field. */
export type Checked =
  { ok: true; answers: Record<string, Answer> } | { ok: false; errors: Record<string, string>; values: Record<string, string> };

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const PHONE = /^\+?[0-9 ().-]{3,40}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function validDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** One field's answer, or the message shown beside it. */
function checkField(field: FormField, raw: string): { answer: Answer } | { error: string } {
  // Controls would reach CSV exports and terminals; a text area keeps its tabs and line breaks.
  if (textProblem(raw, field.type === 'textarea')) return { error: 'Please use only printable characters.' };
  const value = raw.trim();
  if (field.type === 'checkbox') {
    const checked = value !== '' && value !== 'false' && value !== '0';
    if (field.required && !checked) return { error: 'Please tick this box to continue.' };
    return { answer: checked };
  }
  if (value === '') return field.required ? { error: 'Please fill in this field.' } : { answer: null };
  if (value.length > ANSWER_MAX[field.type]) return { error: `Please use at most ${ANSWER_MAX[field.type]} characters.` };
  switch (field.type) {
    case 'email':
      return EMAIL.test(value) ? { answer: value } : { error: 'Please enter an e-mail address, like name@example.com.' };
    case 'phone':
      return PHONE.test(value) ? { answer: value } : { error: 'Please enter a phone number, using digits.' };
    case 'number': {
      const n = Number(value);
      return value !== '' && Number.isFinite(n) ? { answer: n } : { error: 'Please enter a number.' };
    }
    case 'date':
      return validDate(value) ? { answer: value } : { error: 'Please enter a date as YYYY-MM-DD.' };
    case 'rating': {
      const n = Number(value);
      return Number.isInteger(n) && n >= 1 && n <= RATING_MAX
        ? { answer: n }
        : { error: `Please choose a rating from 1 to ${RATING_MAX}.` };
    }
    case 'select':
      return field.options?.includes(value) ? { answer: value } : { error: 'Please choose one of the options.' };
    default:
      return { answer: value };
  }
}

/** Checks every field of what a visitor sent (one string per key); unknown keys are ignored. */
export function checkAnswers(fields: readonly FormField[], sent: Readonly<Record<string, string | undefined>>): Checked {
  const answers: Record<string, Answer> = {};
  const errors: Record<string, string> = {};
  const values: Record<string, string> = {};
  for (const field of fields) {
    const raw = sent[field.key] ?? '';
    values[field.key] = withoutControls(raw.slice(0, ANSWER_MAX[field.type] * 2), field.type === 'textarea');
    const result = checkField(field, raw);
    if ('error' in result) errors[field.key] = result.error;
    else answers[field.key] = result.answer;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors, values } : { ok: true, answers };
}
