import { InvalidRequest } from '../../lib/errors.js';
import { randomBase62 } from '../../lib/secrets.js';
import { PRIMARY_KEYS } from './gs1.keys.js';

/** Length of a generated ending: 7 base62 characters, about 41.7 bits. */
export const GENERATED_LENGTH = 7;
export const ENDING_MIN = 3;
export const ENDING_MAX = 64;
/** Letters, digits, `-` and `_`: safe in a path without escaping, and never a file name with a dot. */
export const ENDING_PATTERN = '^[A-Za-z0-9_-]+$';
const ENDING = new RegExp(ENDING_PATTERN);

/**
 * Endings the service itself answers on, or may later (compared case-insensitively). Anything
 * containing a dot (favicon.ico, robots.txt, openapi.json) is already refused by the pattern.
 */
export const RESERVED_ENDINGS: ReadonlySet<string> = new Set([
  'api',
  'app',
  'admin',
  'assets',
  'auth',
  'dashboard',
  'docs',
  'favicon.ico',
  'health',
  'healthz',
  'help',
  'login',
  'logout',
  'media',
  'mcp',
  'metrics',
  'oauth',
  'openapi.json',
  'public',
  'readyz',
  'register',
  'reset',
  'robots.txt',
  'settings',
  'signin',
  'signout',
  'signup',
  'sitemap.xml',
  'static',
  'status',
  'well-known',
  '_next',
  'www',
]);

/**
 * The GS1 primary keys' application identifiers (01, 414, 8003, ...): `/<ai>/<value>` is a GS1 Digital
 * Link URI, so none of them is ever an ending either.
 */
const GS1_PRIMARY_AIS: ReadonlySet<string> = new Set(Object.keys(PRIMARY_KEYS));

export const isReserved = (ending: string): boolean => RESERVED_ENDINGS.has(ending.toLowerCase()) || GS1_PRIMARY_AIS.has(ending);

/** Whether a path segment could be an ending at all (cheap check before any lookup). */
export const isEndingShape = (value: string): boolean => value.length >= 1 && value.length <= ENDING_MAX && ENDING.test(value);

/** Validates an ending chosen by a client; endings are case-sensitive. */
export function validateChosenEnding(value: string, field = 'shortCode'): string {
  if (value.length < ENDING_MIN || value.length > ENDING_MAX) {
    throw new InvalidRequest(`${field} must be ${ENDING_MIN} to ${ENDING_MAX} characters.`, field);
  }
  if (!ENDING.test(value)) throw new InvalidRequest(`${field} may contain only letters, digits, "-" and "_".`, field);
  if (isReserved(value)) throw new InvalidRequest(`${field} "${value}" is reserved.`, field);
  return value;
}

/** A random, unguessable ending that is never a reserved word. */
export function generateEnding(length = GENERATED_LENGTH): string {
  for (;;) {
    const ending = randomBase62(length);
    if (!isReserved(ending)) return ending;
  }
}

/** The key of an ending's namespace: '' for the PUBLIC_URL host, else the account's own domain. */
export const domainKey = (accountDomain: string | null): string => accountDomain ?? '';
