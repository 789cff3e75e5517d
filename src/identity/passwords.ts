import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { InvalidRequest } from '../lib/errors.js';

/** scrypt cost: N = 2^15, r = 8, p = 1 (about 32 MiB and tens of milliseconds per hash). */
const LOG_N = 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 256;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Refuses a password that is too short or too long; the message is shown to the person. */
export function assertAcceptablePassword(password: string): void {
  const length = [...password].length;
  if (length < PASSWORD_MIN) throw new InvalidRequest(`password must be at least ${PASSWORD_MIN} characters.`, 'password');
  if (length > PASSWORD_MAX) throw new InvalidRequest(`password must be at most ${PASSWORD_MAX} characters.`, 'password');
}

/** `scrypt$<logN>$<r>$<p>$<salt>$<key>` (base64url), with a fresh random salt per password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, LOG_N, R, P);
  return ['scrypt', LOG_N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const FORMAT = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

/** Whether the password matches the stored hash; compares in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = FORMAT.exec(stored);
  if (!match) return false;
  const [, logN, r, p, salt, key] = match as unknown as [string, string, string, string, string, string];
  if (Number(logN) > 20 || Number(r) > 32 || Number(p) > 16) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(logN), Number(r), Number(p));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A hash of a random password, verified against when there is no real one, so timing does not tell. */
let decoy: Promise<string> | null = null;
export const decoyHash = (): Promise<string> => (decoy ??= hashPassword(randomBytes(16).toString('hex')));
