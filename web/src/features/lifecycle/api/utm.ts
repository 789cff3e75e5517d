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

/**
 * The address a visitor is sent to, as the resolver builds it: each `utm_<key>` is appended to the
 * destination's query, replacing a parameter of the same name it already has; the fragment stays last.
 * An address that does not parse is returned as it is.
 */
export function withUtm(destination: string, utm: Utm | null): string {
  const kept = utm ? cleanUtm(utm) : null;
  if (!kept) return destination;
  let url: URL;
  try {
    url = new URL(destination);
  } catch {
    return destination;
  }
  for (const key of UTM_KEYS) {
    const value = kept[key];
    if (value) url.searchParams.set(`utm_${key}`, value);
  }
  return url.toString();
}
