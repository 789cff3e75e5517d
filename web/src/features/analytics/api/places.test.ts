import { describe, expect, it } from 'vitest';
import { countryName, countsByCountry, placeRows } from './places';

describe('place breakdowns', () => {
  it('reads rows of value and count, with a region and country where given, and nothing where the service sent none', () => {
    expect(placeRows(undefined)).toEqual([]);
    expect(placeRows({ value: 'x' })).toEqual([]);
    expect(
      placeRows([
        { value: 'Bavaria', country: 'DE', scans: 3 },
        { value: 'Maastricht', region: 'Limburg', country: 'NL', scans: 2 },
        { value: null, scans: 1 },
        { value: 'Lyon', clicks: 2 },
        { value: 'broken' },
        null,
      ]),
    ).toEqual([
      { value: 'Bavaria', country: 'DE', region: null, scans: 3 },
      { value: 'Maastricht', country: 'NL', region: 'Limburg', scans: 2 },
      { value: null, country: null, region: null, scans: 1 },
      { value: 'Lyon', country: null, region: null, scans: 2 },
    ]);
  });

  it('names countries in words and counts them by upper-case code', () => {
    expect(countryName('DE')).toMatch(/Germany|Deutschland/);
    expect(countryName(null)).toBe('Unknown');
    const counts = countsByCountry(
      placeRows([
        { value: 'de', scans: 2 },
        { value: 'DE', scans: 1 },
        { value: null, scans: 4 },
      ]),
    );
    expect([...counts]).toEqual([['DE', 3]]);
  });
});
