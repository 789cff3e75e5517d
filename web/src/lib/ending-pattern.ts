/**
 * The ending field's `pattern`: empty (one is made up) or 3 to 64 letters, digits, `-` or `_`, as the
 * service checks it. Browsers compile a pattern with the `v` flag, where a literal `-` in a class
 * must be escaped.
 */
export const ENDING_PATTERN = '(?:[A-Za-z0-9_\\-]{3,64})?';
