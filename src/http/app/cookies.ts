import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Config } from '../../config/config.js';
import { SESSION_TTL } from '../../identity/index.js';

/** The dashboard's session cookie: the session secret, readable only by the server. */
export const SESSION_COOKIE = 'qrelay_session';
/** The CSRF secret the dashboard's tokens are derived from (double submit). */
export const CSRF_COOKIE = 'qrelay_csrf';
/** The header a state change carries its CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';

/** HttpOnly, SameSite=Lax, Secure when the service is reached over https, and only under /app. */
export function cookieOptions(config: Config, maxAgeMs?: number): CookieSerializeOptions {
  return {
    path: '/app',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    ...(maxAgeMs === undefined ? {} : { maxAge: Math.floor(maxAgeMs / 1000) }),
  };
}

export const sessionCookieOptions = (config: Config): CookieSerializeOptions => cookieOptions(config, SESSION_TTL);
