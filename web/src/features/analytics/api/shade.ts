/** Levels of shading from none (0) to the most (SHADES); a count's level never reads as none unless it is 0. */
export const SHADES = 4;

/** The shading level of `count` among counts up to `max`: 0 for none, else 1 to SHADES. */
export function shadeLevel(count: number, max: number): number {
  if (count <= 0 || max <= 0) return 0;
  return Math.min(SHADES, 1 + Math.floor(((SHADES - 1) * count) / max + 1e-9));
}
