import { timingSafeEqual } from 'node:crypto';
import { generateSecret, generateSync, generateURI } from 'otplib';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
/** Steps of clock drift accepted either way. */
const DRIFT = 1;
const CODE = /^\d{6}$/;

/** A new shared secret (20 random bytes, base32). */
export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// address an authenticator app reads from the QR symbol. */
export const totpUri = (secret: string, label: string, issuer: string): string => generateURI({ secret, label, issuer });

/** The code of a time step (for tests and for checking). */
export const totpAt = (secret: string, step: number): string => generateSync({ secret, epoch: step * PERIOD });

/**
 * The time step a typed code belongs to, within one step of `now` either way, or null when it
 * matches none. Every candidate is compared, in constant time, so timing tells nothing.
 */
export function totpStep(secret: string, typed: string, now: number): number | null {
  const code = typed.replace(/\s+/g, '');
  if (!CODE.test(code)) return null;
  const current = Math.floor(now / 1000 / PERIOD);
  let found: number | null = null;
  for (let step = current - DRIFT; step <= current + DRIFT; step += 1) {
    if (timingSafeEqual(Buffer.from(totpAt(secret, step)), Buffer.from(code)) && found === null) found = step;
  }
  return found;
}
