import { useEffect, useState } from 'preact/hooks';
import { formatNumber } from '../../../lib/format';
import { countryName } from '../api/places';
import { shadeLevel } from '../api/shade';
import type { WorldShapes } from './world-shapes';

let loading: Promise<WorldShapes> | null = null;

/** The country shapes, loaded once on first use as a chunk of their own (bundled with the dashboard, never fetched from elsewhere). */
function useWorldShapes(): { shapes: WorldShapes | null; failed: boolean } {
  const [state, setState] = useState<{ shapes: WorldShapes | null; failed: boolean }>({ shapes: null, failed: false });
  useEffect(() => {
    let live = true;
    loading ??= import('./world-shapes').then((m) => m.worldShapes());
    loading.then(
      (shapes) => live && setState({ shapes, failed: false }),
      () => {
        loading = null;
        if (live) setState({ shapes: null, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/**
 * A world map with each country shaded by its scans and titled with its name and count. The map is for
 * the eye (one labelled image to a screen reader); the table beside it holds the same figures.
 */
export function WorldMap({ counts }: { counts: ReadonlyMap<string, number> }) {
  const { shapes, failed } = useWorldShapes();
  if (failed) return <p class="muted">The map could not be loaded; the table has the same figures.</p>;
  if (!shapes) return <div class="world-map world-map-loading" aria-hidden="true" />;
  const max = Math.max(0, ...counts.values());
  return (
    <>
      <svg class="world-map" viewBox={`0 0 ${shapes.width} ${shapes.height}`} role="img" aria-label="Map of scans by country">
        {shapes.countries.map((c, i) => {
          const scans = c.code ? (counts.get(c.code) ?? 0) : 0;
          return (
            <path key={c.code ?? i} d={c.d} class={`land heat-${shadeLevel(scans, max)}`}>
              <title>{`${c.code ? countryName(c.code) : c.name}: ${formatNumber(scans)} ${scans === 1 ? 'scan' : 'scans'}`}</title>
            </path>
          );
        })}
      </svg>
      <p class="muted map-key" aria-hidden="true">
        <span class="map-swatch heat-0" /> none <span class="map-swatch heat-1" /> fewer scans <span class="map-swatch heat-4" />{' '}
        more scans
      </p>
    </>
  );
}
