import { InvalidRequest } from '../../lib/errors.js';

export const COLOUR_PATTERN = '^#[0-9a-fA-F]{6}$';
const COLOUR = new RegExp(COLOUR_PATTERN);
export const URL_MAX = 2000;

/** A page colour as #rrggbb (lowercase), or null for the default. */
export function validColour(value: string | null): string | null {
  if (value === null) return null;
  if (!COLOUR.test(value)) throw new InvalidRequest('colour must be #rrggbb.', 'colour');
  return value.toLowerCase();
}

/** An address a visitor may be sent to or shown: only http and https (never javascript: or data:). */
export function validRedirect(value: string | null, field: string): string | null {
  if (value === null) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new InvalidRequest(`${field} is not a valid address.`, field);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || value.length > URL_MAX)
    throw new InvalidRequest(`${field} must be an http or https address of at most ${URL_MAX} characters.`, field);
  if (url.username || url.password) throw new InvalidRequest(`${field} must not carry credentials.`, field);
  return url.toString();
}

export const TEXT_MAX = 5000;
export const LABEL_MAX = 200;

/** Trimmed text of 1 to `max` characters, or a 400 naming `field`. */
export function validText(value: string, max: number, field: string): string {
  const text = value.trim();
  if (text.length === 0 || text.length > max) throw new InvalidRequest(`${field} must be 1 to ${max} characters.`, field);
  return text;
}

/** Optional text: trimmed, empty becomes null. */
export function optionalText(value: string | null | undefined, max: number, field: string): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  return validText(value, max, field);
}

export const SOCIAL_NETWORKS = [
  'facebook',
  'instagram',
  'linkedin',
  'x',
  'youtube',
  'tiktok',
  'mastodon',
  'github',
  'pinterest',
  'whatsapp',
  'telegram',
  'website',
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export interface SocialLink {
  network: SocialNetwork;
  url: string;
}

export const SOCIAL_MAX = 20;

export function validSocial(links: readonly SocialLink[], field: string): SocialLink[] {
  if (links.length > SOCIAL_MAX) throw new InvalidRequest(`${field} has at most ${SOCIAL_MAX} links.`, field);
  return links.map((link) => {
    if (!(SOCIAL_NETWORKS as readonly string[]).includes(link.network))
      throw new InvalidRequest(`${field} names an unknown network.`, field);
    return { network: link.network, url: validRedirect(link.url, field)! };
  });
}

/** A field of a change: the new value checked, or the stored one when the field is not sent. */
export const changed = <T, V>(value: V | undefined, previous: T | undefined, check: (value: V) => T, fallback: T): T =>
  value !== undefined ? check(value) : previous !== undefined ? previous : fallback;
