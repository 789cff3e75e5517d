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
