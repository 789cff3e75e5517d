import { createHmac, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { InvalidRequest } from '../../lib/errors.js';
import { constantTimeEqual } from '../../lib/secrets.js';

export const GATE_PASSWORD_MIN = 8;
export const GATE_PASSWORD_MAX = 128;
/** How long a passed gate stays open for the visitor (the signed cookie's lifetime). */
export const GATE_PASS_MS = 30 * 60_000;

const PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

const scrypt = (password: string, salt: Buffer, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** `scrypt$N$r$p$salt$key` (base64url parts). */
export async function hashGatePassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyGatePassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A pass for a gate: `<expiresAt>.<HMAC>`, keyed by the stored password hash, so every instance
 * can check it and changing the password closes every open pass.
 */
export function issueGatePass(gateHash: string, targetId: string, now: number): string {
  const expiresAt = now + GATE_PASS_MS;
  return `${expiresAt}.${sign(gateHash, targetId, expiresAt)}`;
}

export function checkGatePass(gateHash: string, targetId: string, pass: string | undefined, now: number): boolean {
  if (!pass) return false;
  const [expires, mac] = pass.split('.');
  const expiresAt = Number(expires);
  if (!mac || !Number.isSafeInteger(expiresAt) || expiresAt <= now || expiresAt > now + GATE_PASS_MS) return false;
  return constantTimeEqual(mac, sign(gateHash, targetId, expiresAt));
}

const sign = (gateHash: string, targetId: string, expiresAt: number): string =>
  createHmac('sha256', gateHash).update(`${targetId}.${expiresAt}`).digest('base64url');

/** The stored hash of a gate's password, checked for length (400 naming the field); null for no gate. */
export async function gateHash(gate: { password: string } | null): Promise<string | null> {
  if (gate === null) return null;
  const length = [...gate.password].length;
  if (length < GATE_PASSWORD_MIN || length > GATE_PASSWORD_MAX) {
    throw new InvalidRequest(`gate.password must be ${GATE_PASSWORD_MIN} to ${GATE_PASSWORD_MAX} characters.`, 'gate.password');
  }
  return hashGatePassword(gate.password);
}
