import type { Utm } from './lifecycle';

export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
/** The most characters the service accepts in one UTM value. */
export const UTM_MAX = 200;

/** The filled-in values only, or null when none is: what the service stores. */
export function cleanUtm(utm: Utm): Utm | null {
  const kept: Utm = {};
  for (const key of UTM_KEYS) {
    const value = utm[key]?.trim();
    if (value) kept[key] = value;
  }
  return Object.keys(kept).length > 0 ? kept : null;
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
 * The address a visitor is sent to, by the resolver's rule: each `utm_<key>` is appended to the
 * destination's query, and a parameter of that name it already has is dropped; every other part of the
 * query and the fragment are kept as typed.
 */
export function withUtm(destination: string, utm: Utm | null): string {
  const kept = utm ? cleanUtm(utm) : null;
  if (!kept) return destination;
  const hash = destination.indexOf('#');
  const fragment = hash === -1 ? '' : destination.slice(hash);
  const rest = hash === -1 ? destination : destination.slice(0, hash);
  const mark = rest.indexOf('?');
  const base = mark === -1 ? rest : rest.slice(0, mark);
  const query = mark === -1 ? '' : rest.slice(mark + 1);
  const keys = UTM_KEYS.filter((key) => kept[key] !== undefined);
  const names = new Set(keys.map((key) => `utm_${key}`));
  const others = query.split('&').filter((piece) => piece !== '' && !names.has(nameOf(piece)));
  const added = keys.map((key) => `utm_${key}=${encodeURIComponent(kept[key]!)}`);
  return `${base}?${[...others, ...added].join('&')}${fragment}`;
}
