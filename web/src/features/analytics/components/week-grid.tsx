import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import { formatNumber } from '../../../lib/format';
import { shadeLevel } from '../api/shade';
import { gridMax, gridPeak, hourLabel, WEEKDAYS } from '../api/week-grid';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** One cell: its count written out, shaded by its share of the busiest cell. */
const Cell = ({ scans, max }: { scans: number; max: number }) => (
  <td class={`heat heat-${shadeLevel(scans, max)}`}>{formatNumber(scans)}</td>
);

/**
 * When people scan: scans per weekday and hour of the day in the range's zone, as a table whose cells
 * carry both the count and a shade. Wide screens read weekdays down and hours across; a phone reads
 * hours down and the seven weekdays across, so neither scrolls far sideways.
 */
export function WeekGrid({ grid, zone, download }: { grid: number[][]; zone: string; download?: ComponentChildren }) {
  const titleId = useId();
  const max = gridMax(grid);
  const peak = gridPeak(grid);
  const caption = `When people scan: weekday and hour (${zone})`;
  return (
    <section class="card week-grid" aria-labelledby={titleId}>
      <div class="section-head">
        <h3 id={titleId}>{caption}</h3>
        {download}
      </div>
      <p class="muted">
        {peak
          ? `Busiest: ${peak.weekday} ${hourLabel(peak.hour)}:00 to ${hourLabel((peak.hour + 1) % 24)}:00, ${formatNumber(peak.scans)} scans. Darker cells had more scans.`
          : 'No scans in this window.'}
      </p>
      <div class="table-wrap heat-wide">
        <table class="figures heat-table">
          <caption class="visually-hidden">Scans by weekday (rows) and hour of the day (columns)</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {HOURS.map((h) => (
                <th key={h} scope="col" class="num">
                  {hourLabel(h)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {WEEKDAYS.map((day, d) => (
              <tr key={day}>
                <th scope="row">{day.slice(0, 3)}</th>
                {HOURS.map((h) => (
                  <Cell key={h} scans={grid[d]?.[h] ?? 0} max={max} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div class="table-wrap heat-tall">
        <table class="figures heat-table">
          <caption class="visually-hidden">Scans by hour of the day (rows) and weekday (columns)</caption>
          <thead>
            <tr>
              <th scope="col">Hour</th>
              {WEEKDAYS.map((day) => (
                <th key={day} scope="col" class="num">
                  <abbr title={day}>{day.slice(0, 2)}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {HOURS.map((h) => (
              <tr key={h}>
                <th scope="row">{hourLabel(h)}:00</th>
                {WEEKDAYS.map((day, d) => (
                  <Cell key={day} scans={grid[d]?.[h] ?? 0} max={max} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
