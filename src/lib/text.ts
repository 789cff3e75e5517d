/**
 * Text the service stores or queries must be well-formed Unicode without control characters:
 * PostgreSQL cannot hold U+0000 at all, SQLite would, and a lone surrogate cannot be written as UTF-8.
 */

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** In free text (bodies), tab, line feed and carriage return are allowed. */
// eslint-disable-next-line no-control-regex
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_GLOBAL = /[\u0000-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex
const CONTROL_IN_TEXT_GLOBAL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
/** With the u flag a surrogate pair is one code point, so only a lone surrogate matches. */
const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATE_GLOBAL = /\p{Cs}/gu;

/** What is wrong with a piece of text, as the end of a message naming the field, or null when it is fine. */
export function textProblem(value: string, allowLineBreaks = false): string | null {
  if ((allowLineBreaks ? CONTROL_IN_TEXT : CONTROL).test(value)) return 'must not contain control characters';
  if (LONE_SURROGATE.test(value)) return 'must be well-formed Unicode (no lone surrogates)';
  return null;
}

/** The text without control characters and with any lone surrogate replaced (for values kept as sent, not refused). */
export const withoutControls = (value: string, allowLineBreaks = false): string =>
  value.replace(allowLineBreaks ? CONTROL_IN_TEXT_GLOBAL : CONTROL_GLOBAL, '').replace(LONE_SURROGATE_GLOBAL, '\uFFFD');
