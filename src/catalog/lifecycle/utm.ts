import { InvalidRequest } from '../../lib/errors.js';
import { textProblem } from '../../lib/text.js';

export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
/** UTM parameters appended to a destination as `utm_<key>`. */
export type Utm = Partial<Record<UtmKey, string>>;
export const UTM_VALUE_MAX = 200;

/** The parameters, each checked (at most 200 characters, no control characters; empty ones dropped); null for none. */
export function validUtm(input: Utm | null | undefined, field = 'utm'): Utm | null {
  if (input == null) return null;
  const utm: Utm = {};
  for (const key of UTM_KEYS) {
    const value = input[key]?.trim();
    if (!value) continue;
    const name = `${field}.${key}`;
    if ([...value].length > UTM_VALUE_MAX) throw new InvalidRequest(`${name} must be at most ${UTM_VALUE_MAX} characters.`, name);
    const problem = textProblem(value);
    if (problem) throw new InvalidRequest(`${name} ${problem}.`, name);
    utm[key] = value;
  }
  return Object.keys(utm).length === 0 ? null : utm;
}

const nameOf = (piece: string): string => {
  const raw = piece.split('=', 1)[0]!.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

/**
 * The destination with the UTM parameters appended. A parameter the destination already has under
 * the same name is replaced (what the code sets is what arrives); every other part of its query and
 * its fragment are kept byte for byte.
 */
export function withUtm(destination: string, utm: Utm | null): string {
  if (utm === null) return destination;
  const hash = destination.indexOf('#');
  const fragment = hash === -1 ? '' : destination.slice(hash);
  const rest = hash === -1 ? destination : destination.slice(0, hash);
  const mark = rest.indexOf('?');
  const base = mark === -1 ? rest : rest.slice(0, mark);
  const query = mark === -1 ? '' : rest.slice(mark + 1);
  const set = UTM_KEYS.filter((key) => utm[key] !== undefined);
  const names = new Set(set.map((key) => `utm_${key}`));
  const kept = query === '' ? [] : query.split('&').filter((piece) => piece !== '' && !names.has(nameOf(piece)));
  const added = set.map((key) => `utm_${key}=${encodeURIComponent(utm[key]!)}`);
  return `${base}?${[...kept, ...added].join('&')}${fragment}`;
}
