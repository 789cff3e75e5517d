/** Rows of the grid as the API gives them: Monday first. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** An hour of the day as a column heading: "00" to "23". */
export const hourLabel = (hour: number): string => String(hour).padStart(2, '0');

export interface GridPeak {
  weekday: (typeof WEEKDAYS)[number];
  hour: number;
  scans: number;
}

/** The largest count of the grid and where it is (the first such cell), or null when the grid is all zeros. */
export function gridPeak(grid: readonly (readonly number[])[]): GridPeak | null {
  let peak: GridPeak | null = null;
  grid.forEach((row, day) =>
    row.forEach((scans, hour) => {
      if (scans > 0 && (!peak || scans > peak.scans)) peak = { weekday: WEEKDAYS[day] ?? 'Monday', hour, scans };
    }),
  );
  return peak;
}

/** The grid's largest count (0 when empty). */
export const gridMax = (grid: readonly (readonly number[])[]): number => Math.max(0, ...grid.flat());
