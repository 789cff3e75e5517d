import { InvalidRequest } from '../../lib/errors.js';

/** When a code or link stops forwarding, and where it sends once it has. */
export interface Expiry {
  /** Epoch ms, or null for no date. */
  expiresAt: number | null;
  /** Counted visits (scans of a code, clicks of a link) it forwards; null for no limit. */
  maxScans: number | null;
  /** Where an expired one redirects; null for the service's own "expired" page. */
  expiredUrl: string | null;
}

export interface ExpiryInput {
  expiresAt?: string | null;
  maxScans?: number | null;
  expiredUrl?: string | null;
}

export const NO_EXPIRY: Expiry = { expiresAt: null, maxScans: null, expiredUrl: null };

/**
 * The expiry after `input` changes `base`. A date in the past is accepted (the code is then born
 * expired); `maxField` names the count as the API does (`maxScans`, or `maxClicks` for a link);
 * `destination` checks the expired address as every destination is checked (no loop to this service).
 */
export function validExpiry(
  input: ExpiryInput,
  base: Expiry,
  destination: (value: string, field: string) => string,
  maxField = 'maxScans',
): Expiry {
  const next = { ...base };
  if (input.expiresAt !== undefined) {
    if (input.expiresAt === null) next.expiresAt = null;
    else {
      const at = Date.parse(input.expiresAt);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(input.expiresAt) || Number.isNaN(at))
        throw new InvalidRequest('expiresAt must be a date-time such as 2027-01-31T23:59:00Z.', 'expiresAt');
      next.expiresAt = at;
    }
  }
  if (input.maxScans !== undefined) {
    if (input.maxScans !== null && (!Number.isSafeInteger(input.maxScans) || input.maxScans < 1))
      throw new InvalidRequest(`${maxField} must be a whole number of at least 1, or null.`, maxField);
    next.maxScans = input.maxScans;
  }
  if (input.expiredUrl !== undefined)
    next.expiredUrl = input.expiredUrl === null ? null : destination(input.expiredUrl, 'expiredUrl');
  return next;
}

/** Whether it has expired at `now`, having taken `uses` counted visits. */
export const hasExpired = (expiry: Expiry, uses: number, now: number): boolean =>
  (expiry.expiresAt !== null && now >= expiry.expiresAt) || (expiry.maxScans !== null && uses >= expiry.maxScans);
