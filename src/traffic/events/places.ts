import type { Location } from './events.types.js';

/**
 * The rollups' place dimensions. A region or city name alone is ambiguous (Limburg is in Belgium and
 * in the Netherlands, Springfield in many states), so each is counted under a dictionary entry of its
 * own that names where it lies: the region with its country, the city with its region and country.
 */
export const PLACE_DIMENSIONS = ['place.region', 'place.city'] as const;
export type PlaceDimension = (typeof PLACE_DIMENSIONS)[number];

/** Where a counted region or city lies, and its own name (`value`). */
export interface Place {
  value: string;
  country: string | null;
  region: string | null;
}

/**
 * The place entries an event counts under: its region (with the country) when the region is known,
 * its city (with region and country) when the city is. Stored as JSON arrays, which no name can break.
 */
export function placeValues(at: Location): [PlaceDimension, string][] {
  const out: [PlaceDimension, string][] = [];
  if (at.region !== null) out.push(['place.region', JSON.stringify([at.country, at.region])]);
  if (at.city !== null) out.push(['place.city', JSON.stringify([at.country, at.region, at.city])]);
  return out;
}

/** A place entry's value read back: the region or city's name and where it lies. */
export function placeOf(dimension: PlaceDimension, stored: string): Place {
  const parts = JSON.parse(stored) as (string | null)[];
  if (dimension === 'place.region') return { value: parts[1]!, country: parts[0] ?? null, region: null };
  return { value: parts[2]!, country: parts[0] ?? null, region: parts[1] ?? null };
}
