/**
 * How the readers turn what other services wrote into ImportedLink fields: short addresses, dates,
 * counts and tags. Pure functions, no I/O.
 */

/** A text as the source gave it, trimmed; null when empty or absent. */
export function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export interface ShortAddress {
  domain: string | null;
  shortCode: string | null;
}

const NO_ADDRESS: ShortAddress = { domain: null, shortCode: null };

/**
 * `https://bit.ly/3abc` → `{ domain: 'bit.ly', shortCode: '3abc' }`. The scheme may be missing (`bit.ly/3abc`,
 * as Bitly writes a link's id). The domain is the host name in lower case (an IDN in its `xn--` form, no port,
 * no trailing dot); the short code is the path without its slashes at either end, percent-decoded (Shlink's
 * multi-segment codes keep their inner slashes). A link to the domain's root has no short code.
 */
export function parseShortAddress(value: string | null): ShortAddress {
  if (value === null) return NO_ADDRESS;
  const written = value.trim();
  if (written === '') return NO_ADDRESS;
  const scheme = /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(written);
  const withScheme = scheme ? written : `https://${written}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return NO_ADDRESS;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '') return NO_ADDRESS;
  const domain = url.hostname.toLowerCase().replace(/\.$/, '');
  if (domain === '') return NO_ADDRESS;
  const path = url.pathname.replace(/^\/+/, '').replace(/\/+$/, '');
  let shortCode = path;
  try {
    shortCode = decodeURIComponent(path);
  } catch {
    // A stray % stays as written.
  }
  return { domain, shortCode: shortCode === '' ? null : shortCode };
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** 1 to 12 for a month's English name or its first three letters (`Sept` too); null otherwise. */
function monthNumber(name: string): number | null {
  const lower = name.toLowerCase();
  const index = MONTHS.findIndex(
    (month) => month === lower || month.slice(0, 3) === lower || (lower === 'sept' && month === 'september'),
  );
  return index === -1 ? null : index + 1;
}

/** ISO 8601 and its SQL form: `2024-03-05T14:07:09Z`, `…+02:00`, `…+0000` (Bitly's API), `2024-03-05 14:07:09`, `2024-03-05`. */
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/i;
/** `3/5/2024`, `03/05/2024 14:07`, `3/5/2024, 2:07 PM` (month first, unless the first number cannot be a month). */
const SLASHED = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?)?\s*(Z|UTC|GMT)?$/i;
/** `Mar 5, 2024`, `March 5, 2024 2:07 PM`, `Mar 5 2024 14:07:09 UTC`. */
const NAMED =
  /^([A-Z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})(?:,?\s+(?:at\s+)?(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?)?\s*(Z|UTC|GMT)?$/i;

/**
 * A creation date as epoch milliseconds, or null when it is absent or not a date these services write.
 * A date and time without a zone is read as UTC (YOURLS stores UTC; Bitly's exports name no zone).
 */
export function parseDate(value: string | null): number | null {
  if (value === null) return null;
  const written = value.trim();
  let match = ISO.exec(written);
  if (match) {
    const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone = ''] = match;
    const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
    return utc(+y!, +mo!, +d!, +h, +mi, +s, ms, offsetMinutes(zone));
  }
  match = SLASHED.exec(written);
  if (match) {
    const [, a, b, y, h = '0', mi = '0', s = '0', half = ''] = match;
    const [month, day] = +a! > 12 && +b! <= 12 ? [+b!, +a!] : [+a!, +b!];
    const hour = twelveHour(+h, half);
    return hour === null ? null : utc(+y!, month, day, hour, +mi, +s, 0, 0);
  }
  match = NAMED.exec(written);
  if (match) {
    const [, name, d, y, h = '0', mi = '0', s = '0', half = ''] = match;
    const month = monthNumber(name!);
    if (month === null) return null;
    const hour = twelveHour(+h, half);
    return hour === null ? null : utc(+y!, month, +d!, hour, +mi, +s, 0, 0);
  }
  return null;
}

function offsetMinutes(zone: string): number | null {
  if (zone === '' || /^(Z|UTC|GMT)$/i.test(zone)) return 0;
  const match = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? '0');
  if (Number(match[2]) > 23 || Number(match[3] ?? '0') > 59) return null;
  return match[1] === '-' ? -minutes : minutes;
}

function twelveHour(hour: number, half: string): number | null {
  if (half === '') return hour;
  if (hour < 1 || hour > 12) return null;
  return (hour % 12) + (half.toUpperCase() === 'PM' ? 12 : 0);
}

/** Epoch ms of a wall-clock time at a zone offset, or null when a part is out of range (30 February, 25:00). */
function utc(
  y: number,
  mo: number,
  d: number,
  h: number,
  mi: number,
  s: number,
  ms: number,
  offset: number | null,
): number | null {
  if (offset === null || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const time = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const check = new Date(time);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return time - offset * 60_000;
}

/** A visit count: a non-negative integer as a number or as digits (`1234`, `1,234`); null otherwise. */
export function parseCount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const written = value.trim();
  if (!/^(\d+|\d{1,3}(,\d{3})+)$/.test(written)) return null;
  const count = Number(written.replaceAll(',', ''));
  return Number.isSafeInteger(count) ? count : null;
}

/** Tags joined by `separator`, each trimmed, empty ones and repeats left out, in their order. */
export function splitTags(value: string | null, separator: string | RegExp): string[] {
  return value === null ? [] : uniqueTags(value.split(separator));
}

/** Tags the source gave as a JSON array: its strings, trimmed, without empty ones or repeats. */
export function tagList(value: unknown): string[] {
  return Array.isArray(value) ? uniqueTags(value.filter((tag): tag is string => typeof tag === 'string')) : [];
}

function uniqueTags(parts: readonly string[]): string[] {
  const tags: string[] = [];
  for (const part of parts) {
    const tag = part.trim();
    if (tag !== '' && !tags.includes(tag)) tags.push(tag);
  }
  return tags;
}
