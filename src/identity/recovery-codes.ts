import { randomInt } from 'node:crypto';

/** How many recovery codes a person holds at a time. */
export const RECOVERY_CODES = 10;
/** Letters and digits that cannot be mistaken for each other when copied by hand. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;
const SHAPE = new RegExp(`^[${ALPHABET}]{${HALF}}-?[${ALPHABET}]{${HALF}}$`);

const half = () => Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Ten new codes such as `k7m2p-xq4rt` (about 50 bits each). */
export const newRecoveryCodes = (): string[] => Array.from({ length: RECOVERY_CODES }, () => `${half()}-${half()}`);

/** A recovery code as typed (any case, spaces, with or without the dash) in its stored form; null when it is not one. */
export function normaliseRecoveryCode(typed: string): string | null {
  const compact = typed.trim().toLowerCase().replace(/\s+/g, '');
  if (!SHAPE.test(compact)) return null;
  const bare = compact.replace('-', '');
  return `${bare.slice(0, HALF)}-${bare.slice(HALF)}`;
}
