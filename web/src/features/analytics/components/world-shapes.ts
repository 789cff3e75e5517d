import { geoEqualEarth, geoPath } from 'd3-geo';
import { numericToAlpha2 } from 'i18n-iso-countries';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';

/** Countries drawn as SVG paths, each with its two-letter code (null where the atlas has none, such as Kosovo or Somaliland). */
export interface WorldShapes {
  width: number;
  height: number;
  countries: { code: string | null; name: string; d: string }[];
}

const WIDTH = 960;
const HEIGHT = 470;
/** Antarctica takes a wide strip of the map and never has a scan. */
const ANTARCTICA = '010';

/**
 * The world at 1:110 million (Natural Earth via world-atlas) projected once, Equal Earth so that
 * countries keep their true areas: this module is loaded on first use, as a chunk of its own.
 */
export function worldShapes(): WorldShapes {
  const topology = countries110m as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const land = feature(topology, topology.objects.countries);
  const features = land.features.filter((f) => f.id !== ANTARCTICA);
  const projection = geoEqualEarth().fitSize([WIDTH, HEIGHT], { type: 'FeatureCollection', features });
  const path = geoPath(projection);
  return {
    width: WIDTH,
    height: HEIGHT,
    countries: features.map((f) => ({
      code: (f.id !== undefined && numericToAlpha2(String(f.id))) || null,
      name: f.properties.name,
      d: path(f) ?? '',
    })),
  };
}
