import { InvalidRequest } from '../../lib/errors.js';
import type { Gs1Key } from '../endings/gs1.keys.js';

/**
 * GS1 company prefixes: which part of a primary key's value carries one, and which keys fall under a
 * prefix the operator assigned to an account. Pure.
 */

export const COMPANY_PREFIX_MIN = 4;
export const COMPANY_PREFIX_MAX = 12;

/**
 * Where the company prefix starts in each primary key's value: after the GTIN's indicator digit (a
 * GTIN-12 or -13 pads to an indicator of 0, so the 13 digits after it are GS1's own comparison), after
 * the SSCC's extension digit, after the GRAI's leading 0; at the start of every other key.
 */
const PREFIX_OFFSET: Readonly<Record<string, number>> = { '01': 1, '00': 1, '8003': 1 };

/** GTIN-8s (and restricted-circulation numbers) in their 14-digit form: numbers without a company prefix. */
const NO_COMPANY = '00000';

/** Validates a company prefix the operator names: 4 to 12 digits, never one GS1 keeps for GTIN-8s. */
export function validCompanyPrefix(text: string, field = 'prefix'): string {
  const prefix = text.trim();
  if (!/^\d+$/.test(prefix) || prefix.length < COMPANY_PREFIX_MIN || prefix.length > COMPANY_PREFIX_MAX)
    throw new InvalidRequest(
      `${field} must be a GS1 company prefix: ${COMPANY_PREFIX_MIN} to ${COMPANY_PREFIX_MAX} digits, got "${text}".`,
      field,
    );
  if (prefix.startsWith(NO_COMPANY))
    throw new InvalidRequest(`${field} "${prefix}" is not a company prefix: numbers starting ${NO_COMPANY} are GTIN-8s.`, field);
  return prefix;
}

/** The characters of the key's primary value from where a company prefix starts, or null when it has none. */
export function companyPart(key: Gs1Key): string | null {
  const [ai, value] = key.parts[0]!;
  const part = value.slice(PREFIX_OFFSET[ai] ?? 0);
  return part.startsWith(NO_COMPANY) ? null : part;
}

/** Every company prefix the key could fall under (4 to 12 leading digits of its company part), shortest first. */
export function prefixCandidates(key: Gs1Key): string[] {
  const digits = /^\d*/.exec(companyPart(key) ?? '')![0];
  const candidates: string[] = [];
  for (let n = COMPANY_PREFIX_MIN; n <= Math.min(COMPANY_PREFIX_MAX, digits.length); n += 1) candidates.push(digits.slice(0, n));
  return candidates;
}

/** `LIKE` patterns of the stored (canonical) keys under `prefix`, one per primary key type. */
export function keyPatternsUnder(prefix: string, primaryAis: readonly string[]): string[] {
  return primaryAis.map((ai) => `${ai}/${'_'.repeat(PREFIX_OFFSET[ai] ?? 0)}${prefix}%`);
}

/** Whether two prefixes claim some of the same keys (one starts with the other). */
export const overlaps = (a: string, b: string): boolean => a.startsWith(b) || b.startsWith(a);
