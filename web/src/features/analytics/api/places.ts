/** One row of a place breakdown: a country, a region or a city with its count. */
export interface PlaceRow {
  value: string | null;
  /** The two-letter country a region or city lies in, when the service names it. */
  country: string | null;
  /** The region a city lies in, when the service names it. */
  region: string | null;
  scans: number;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * A place breakdown read tolerantly: the rows of `list` when it is an array of `{ value, scans }` (or
 * `clicks`, or `count`), with an optional `country`; nothing when the service does not send it.
 */
export function placeRows(list: unknown): PlaceRow[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    if (!item || typeof item !== 'object') return [];
    const o = item as Record<string, unknown>;
    const scans = [o.scans, o.clicks, o.count].find((n): n is number => typeof n === 'number');
    return scans === undefined ? [] : [{ value: text(o.value), country: text(o.country), region: text(o.region), scans }];
  });
}

let regionNames: Intl.DisplayNames | null | undefined;

/** A two-letter country's name in the reader's language ("DE" → "Germany"); the code itself when unknown. */
export function countryName(code: string | null): string {
  if (!code) return 'Unknown';
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(undefined, { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** Counts by upper-case two-letter country, for shading the map. */
export function countsByCountry(rows: readonly PlaceRow[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows)
    if (row.value) counts.set(row.value.toUpperCase(), (counts.get(row.value.toUpperCase()) ?? 0) + row.scans);
  return counts;
}
