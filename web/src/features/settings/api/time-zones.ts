/** The IANA zones this browser knows, or none where it cannot list them. */
export function browserZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: 'timeZone') => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

/**
 * The zones to choose from, grouped by their area ("Europe", "America", …) in alphabetical order, with
 * UTC first on its own and the zone set now always among them (a browser's list may lack either).
 */
export function zoneGroups(zones: readonly string[], current: string): [area: string, zones: string[]][] {
  const all = new Set([...zones, current].filter((z) => z !== 'UTC' && z !== ''));
  const groups = new Map<string, string[]>();
  for (const zone of [...all].sort()) {
    const area = zone.includes('/') ? zone.slice(0, zone.indexOf('/')) : 'Other';
    groups.set(area, [...(groups.get(area) ?? []), zone]);
  }
  return [['Universal', ['UTC']], ...[...groups].sort(([a], [b]) => a.localeCompare(b))];
}

/** A zone as a person reads it: "America/Argentina/Buenos_Aires" → "Argentina / Buenos Aires". */
export const zoneLabel = (zone: string): string =>
  (zone.includes('/') ? zone.slice(zone.indexOf('/') + 1) : zone).replace(/_/g, ' ').replace(/\//g, ' / ');
