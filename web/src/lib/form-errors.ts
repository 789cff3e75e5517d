import { ApiError } from './api-client';

/** The API's names for a form's fields and the labels the form shows them under: `{ shortCode: 'Ending' }`. */
export type FieldLabels = Readonly<Record<string, string>>;

/** The validator's phrasings, said as a person would. */
const PLAIN: ReadonlyArray<readonly [RegExp, string]> = [
  [/^must NOT have fewer than (\d+) characters?/, 'must be at least $1 characters long'],
  [/^must NOT have more than (\d+) characters?/, 'must be at most $1 characters long'],
  [/^must NOT have fewer than (\d+) items?/, 'needs at least $1'],
  [/^must NOT have more than (\d+) items?/, 'takes at most $1'],
  [/^must match format "(?:uri|url)"/, 'must be a full web address, such as https://example.com'],
  [/^must match format "email"/, 'must be an e-mail address'],
  [/^must match format "date-time"/, 'must be a date and time'],
  [/^must match pattern .*/, 'is not in the accepted form'],
  [/^must be >= (\S+)/, 'must be at least $1'],
  [/^must be <= (\S+)/, 'must be at most $1'],
];

/**
 * The API's message in the form's words: the field's name it starts with ("shortCode", "body.url")
 * becomes the label on screen ("Ending", "Destination"), another field it names in camel case
 * (`startsAt`) becomes that field's label in quotes, and the validator's phrasing a plain one.
 * "shortCode "menu" is already taken." → "Ending "menu" is already taken."
 */
export function inFormWords(message: string, field: string, labels: FieldLabels): string {
  const match = new RegExp(`^(?:body\\.)?${field}((?:\\.[\\w.]+)?)\\s*(.*)$`, 's').exec(message);
  const label = labels[field];
  if (!match || !label) return message;
  const [, inner = '', rest = ''] = match;
  const plain = PLAIN.reduce((text, [pattern, said]) => text.replace(pattern, said), rest);
  // Only camel-case names (startsAt, folderId): a plain word such as "name" may be the message's own.
  const named = Object.entries(labels)
    .filter(([other]) => other !== field && /[A-Z]/.test(other))
    .reduce((text, [other, otherLabel]) => text.replace(new RegExp(`\\b${other}\\b`, 'g'), `"${otherLabel}"`), plain);
  return inner ? `${label} (${inner.slice(1)}) ${named}` : `${label} ${named}`;
}

/**
 * Splits a refused request's message: beside the field it names, or above the form. Given labels
 * (`{ apiName: 'Label on screen' }`), the message beside a field is said in the form's words; the API
 * keeps its own wording for API clients.
 */
export function formErrors(
  error: unknown,
  fields: readonly string[] | FieldLabels,
): { field: Record<string, string>; form: string | null } {
  if (!error) return { field: {}, form: null };
  if (error instanceof ApiError) {
    const labels: FieldLabels = Array.isArray(fields) ? {} : (fields as FieldLabels);
    const names = Array.isArray(fields) ? (fields as readonly string[]) : Object.keys(fields);
    const name = error.fieldIn(names);
    if (!name) return { field: {}, form: error.message };
    return {
      field: { [name]: labels[name] ? inFormWords(error.message, name, labels) : error.message.replace(/^body\./, '') },
      form: null,
    };
  }
  return { field: {}, form: error instanceof Error ? error.message : 'Something went wrong.' };
}
