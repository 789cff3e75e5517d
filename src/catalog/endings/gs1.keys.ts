import { InvalidRequest } from '../../lib/errors.js';

/**
 * GS1 Digital Link keys: the primary keys qrelay resolves, their qualifiers, and their syntax (GS1
 * General Specifications' application identifiers). Pure: used on every write and by the resolver.
 */

/** GS1's invariant character set 82, the one every alphanumeric AI value is drawn from. */
const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/;

interface ValueRule {
  /** What a person calls it, in messages. */
  label: string;
  /** Checks the (percent-decoded) value; returns the canonical value or a message naming the problem. */
  check(value: string): { value: string } | { problem: string };
}

/** The GS1 mod-10 check digit of the digits before it (weights 3, 1, 3, ... from the right). */
export function checkDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const weight = (digits.length - i) % 2 === 1 ? 3 : 1;
    sum += Number(digits[i]) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether the last digit of `digits` is the check digit of the others. */
export const hasValidCheckDigit = (digits: string): boolean =>
  /^\d{2,}$/.test(digits) && checkDigit(digits.slice(0, -1)) === Number(digits.slice(-1));

function numericWithCheck(label: string, lengths: readonly number[], padTo?: number): ValueRule {
  const allowed = lengths.join(', ');
  return {
    label,
    check(value) {
      if (!/^\d+$/.test(value)) return { problem: `${label} must be digits only, got "${value}"` };
      if (!lengths.includes(value.length))
        return { problem: `${label} must have ${allowed} digits, "${value}" has ${value.length}` };
      if (!hasValidCheckDigit(value)) {
        const expected = checkDigit(value.slice(0, -1));
        return { problem: `${label} "${value}" has a wrong check digit: the last digit should be ${expected}` };
      }
      return { value: padTo ? value.padStart(padTo, '0') : value };
    },
  };
}

/** Digits with a check digit over the first `checked` of them, then up to `rest` characters of `restPattern`. */
function checkedPrefix(label: string, checked: number, rest: number, restPattern: RegExp, restLabel: string): ValueRule {
  return {
    label,
    check(value) {
      const head = value.slice(0, checked);
      const tail = value.slice(checked);
      if (!/^\d+$/.test(head) || head.length < checked)
        return { problem: `${label} must start with ${checked} digits, got "${value}"` };
      if (!hasValidCheckDigit(head))
        return {
          problem: `${label} "${value}" has a wrong check digit: digit ${checked} should be ${checkDigit(head.slice(0, -1))}`,
        };
      if (tail.length > rest) return { problem: `${label} allows at most ${rest} characters after its first ${checked} digits` };
      if (tail !== '' && !restPattern.test(tail))
        return { problem: `${label}'s ${restLabel} "${tail}" has characters GS1 does not allow` };
      return { value };
    },
  };
}

function alphanumeric(label: string, max: number): ValueRule {
  return {
    label,
    check(value) {
      if (value.length === 0) return { problem: `${label} is empty` };
      if (value.length > max) return { problem: `${label} allows at most ${max} characters, "${value}" has ${value.length}` };
      if (!CSET82.test(value))
        return {
          problem: `${label} "${value}" has characters GS1 does not allow (letters, digits and !"%&'()*+,-./:;<=>?_ only)`,
        };
      return { value };
    },
  };
}

/** `rule`, and the value's first digit must be 0 (GRAI: "N1,zero" before the 13 checked digits). */
function leadingZero(rule: ValueRule): ValueRule {
  return {
    label: rule.label,
    check(value) {
      if (/^[1-9]/.test(value)) return { problem: `${rule.label} must start with the digit 0, got "${value}"` };
      return rule.check(value);
    },
  };
}

/** A value of a fixed shape, described in words for the message. */
function pattern(label: string, shape: RegExp, described: string): ValueRule {
  return {
    label,
    check: (value) => (shape.test(value) ? { value } : { problem: `${label} must be ${described}, got "${value}"` }),
  };
}

export interface PrimaryKeyRule extends ValueRule {
  ai: string;
  /**
   * The qualifiers' AIs as the Digital Link syntax allows them: one or more alternative sequences
   * (GTIN: 22, 10, 21 or 235 alone); within a sequence each is optional and only in that order.
   */
  qualifiers: readonly (readonly string[])[];
}

/** The primary keys qrelay accepts (the simple ones: numeric with a check digit, or plain alphanumeric). */
export const PRIMARY_KEYS: Readonly<Record<string, PrimaryKeyRule>> = {
  '01': { ai: '01', qualifiers: [['22', '10', '21'], ['235']], ...numericWithCheck('GTIN', [8, 12, 13, 14], 14) },
  '00': { ai: '00', qualifiers: [], ...numericWithCheck('SSCC', [18]) },
  '414': { ai: '414', qualifiers: [['254'], ['7040']], ...numericWithCheck('GLN', [13]) },
  '417': { ai: '417', qualifiers: [['7040']], ...numericWithCheck('party GLN', [13]) },
  '8018': { ai: '8018', qualifiers: [['8019']], ...numericWithCheck('GSRN', [18]) },
  '402': { ai: '402', qualifiers: [], ...numericWithCheck('GSIN', [17]) },
  '8003': { ai: '8003', qualifiers: [], ...leadingZero(checkedPrefix('GRAI', 14, 16, CSET82, 'serial component')) },
  '253': { ai: '253', qualifiers: [], ...checkedPrefix('GDTI', 13, 17, CSET82, 'serial component') },
  '255': { ai: '255', qualifiers: [], ...checkedPrefix('GCN', 13, 12, /^\d+$/, 'serial component') },
  '8004': { ai: '8004', qualifiers: [['7040']], ...alphanumeric('GIAI', 30) },
  '401': { ai: '401', qualifiers: [], ...alphanumeric('GINC', 30) },
};

export const QUALIFIERS: Readonly<Record<string, ValueRule>> = {
  '22': alphanumeric('consumer product variant (AI 22)', 20),
  '10': alphanumeric('batch/lot (AI 10)', 20),
  '21': alphanumeric('serial number (AI 21)', 20),
  '235': alphanumeric('third-party serial extension (AI 235)', 28),
  '254': alphanumeric('GLN extension (AI 254)', 20),
  '7040': pattern(
    'UIC with extension (AI 7040)',
    /^\d[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]{2}[-0-9A-Z_a-z]$/,
    'a digit, two characters and an importer index (letter, digit, - or _): 4 in all',
  ),
  '8019': pattern('service relation instance (AI 8019)', /^\d{1,10}$/, '1 to 10 digits'),
};

/** A key as qrelay stores and compares it: canonical values, primary key first. */
export interface Gs1Key {
  /** `[ai, value]` pairs; the first is the primary key. */
  parts: readonly (readonly [string, string])[];
}

/** `01/09506000134352/10/ABC`: the canonical path, without a leading slash, values percent-encoded. */
export const keyPath = (key: Gs1Key): string => key.parts.map(([ai, value]) => `${ai}/${encodeKeyValue(value)}`).join('/');

/** Percent-encodes what a path segment cannot hold literally (GS1 Digital Link's rule for CSET 82). */
export const encodeKeyValue = (value: string): string =>
  value.replace(/[^A-Za-z0-9\-._~!$'()*+,;=:@]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

/** The key and each shorter one, dropping the last qualifier each time: the resolver's walk up. */
export function levelsOf(key: Gs1Key): Gs1Key[] {
  const levels: Gs1Key[] = [];
  for (let n = key.parts.length; n >= 1; n -= 1) levels.push({ parts: key.parts.slice(0, n) });
  return levels;
}

export class Gs1SyntaxError extends InvalidRequest {}

/**
 * Parses the segments of a Digital Link path (already split on `/` and percent-decoded):
 * `[ai, value, ai, value, ...]`. Throws a `Gs1SyntaxError` whose message names the problem.
 */
export function parseKeySegments(segments: readonly string[], field = 'key'): Gs1Key {
  const fail = (message: string): never => {
    throw new Gs1SyntaxError(message, field);
  };
  if (segments.length === 0) fail('A GS1 key is required, e.g. "01/09506000134352".');
  if (segments.length % 2 !== 0)
    fail(`"${segments.join('/')}" is not a GS1 Digital Link path: every application identifier needs one value.`);
  const primary = PRIMARY_KEYS[segments[0]!];
  if (!primary) fail(`"${segments[0]}" is not a GS1 primary key qrelay resolves (${Object.keys(PRIMARY_KEYS).join(', ')}).`);
  const first = primary!.check(segments[1]!);
  if ('problem' in first) fail(`${first.problem}.`);
  const parts: [string, string][] = [[primary!.ai, (first as { value: string }).value]];
  // The first qualifier picks the sequence; the others must follow it in that sequence's order.
  const sequences = primary!.qualifiers;
  const sequence = segments.length > 2 ? sequences.find((s) => s.includes(segments[2]!)) : undefined;
  const allowed = sequences.length === 0 ? 'none' : sequences.map((s) => s.join(', then ')).join('; or ');
  let next = 0;
  for (let i = 2; i < segments.length; i += 2) {
    const ai = segments[i]!;
    const at = sequence ? sequence.indexOf(ai, next) : -1;
    if (at < 0) {
      fail(
        sequence?.includes(ai)
          ? `Qualifier ${ai} is out of order: a ${primary!.label} takes its qualifiers in the order ${allowed}.`
          : sequences.some((s) => s.includes(ai))
            ? `Qualifier ${ai} cannot follow ${segments[2]} on a ${primary!.label} (allowed: ${allowed}).`
            : `"${ai}" is not a qualifier of a ${primary!.label} (allowed: ${allowed}).`,
      );
    }
    next = at + 1;
    const checked = QUALIFIERS[ai]!.check(segments[i + 1]!);
    if ('problem' in checked) fail(`${checked.problem}.`);
    parts.push([ai, (checked as { value: string }).value]);
  }
  return { parts };
}

/** Parses a key written as a path: `01/<gtin>[/22/..][/10/..][/21/..]`, a leading slash tolerated. */
export function parseKey(text: string, field = 'key'): Gs1Key {
  const trimmed = text.trim().replace(/^\/+/, '').replace(/\/+$/, '');
  let segments: string[];
  try {
    segments = trimmed === '' ? [] : trimmed.split('/').map((s) => decodeURIComponent(s));
  } catch {
    throw new Gs1SyntaxError(`"${text}" has a malformed percent-encoding.`, field);
  }
  return parseKeySegments(segments, field);
}
