import type { ComponentChildren } from 'preact';
import { countryName, countsByCountry, placeRows, type PlaceRow } from '../api/places';
import { FigureTable } from './figures';
import { WorldMap } from './world-map';

/** A place with the region and country it lies in, as far as the service names them ("Munich, Bavaria, Germany"). */
const placeLabel = (row: PlaceRow): string =>
  [row.value ?? 'Unknown', row.region, row.country && countryName(row.country)].filter(Boolean).join(', ');

/**
 * Where people scanned: the countries on a world map with the same figures in a table beside it, then
 * regions and cities as tables when the service reports them (nothing is shown for a part it leaves out).
 */
export function Places({
  countries,
  regions,
  cities,
  downloads = {},
}: {
  countries: unknown;
  regions?: unknown;
  cities?: unknown;
  /** A CSV link for each part that has one. */
  downloads?: { countries?: ComponentChildren; regions?: ComponentChildren; cities?: ComponentChildren };
}) {
  const countryRows = placeRows(countries);
  const tables = (
    [
      ['Regions', 'Region', regions, downloads.regions],
      ['Cities', 'City', cities, downloads.cities],
    ] as const
  ).filter(([, , list]) => Array.isArray(list));
  return (
    <>
      <div class="places">
        <div class="card places-map">
          <WorldMap counts={countsByCountry(countryRows)} />
        </div>
        <FigureTable
          caption="Countries"
          head={['Country', 'Scans']}
          rows={countryRows.map((r) => [r.value ? countryName(r.value) : 'Unknown', r.scans])}
          tools={downloads.countries}
        />
      </div>
      {tables.length > 0 ? (
        <div class="grid-2">
          {tables.map(([caption, single, list, download]) => (
            <FigureTable
              key={caption}
              caption={caption}
              head={[single, 'Scans']}
              rows={placeRows(list).map((r) => [placeLabel(r), r.scans])}
              tools={download}
            />
          ))}
        </div>
      ) : null}
    </>
  );
}
