import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatNumber } from '../../../lib/format';

export interface DayFigures {
  date: string;
  scans: number;
  uniqueVisitors: number;
}

const SCANS = '#2563eb';
const VISITORS = '#059669';
const HEIGHT = 240;
const DAY = 86_400;
const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayLabel = (seconds: number): string => dayFormat.format(new Date(seconds * 1000));

/**
 * Scans (or what `label` names) and unique visitors per day, drawn by uPlot on a canvas sized to its container. The canvas is
 * for the eye; the same figures are in the table below it for everyone else.
 */
export function ScansChart({ daily, label = 'Scans' }: { daily: readonly DayFigures[]; label?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [
      daily.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000),
      daily.map((d) => d.scans),
      daily.map((d) => d.uniqueVisitors),
    ];
    const chart = new uPlot(
      {
        width: el.clientWidth,
        height: HEIGHT,
        // Days are UTC days: ticks fall on UTC midnights wherever the browser is.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { y: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
        axes: [
          // Whole days only: a tick every day, week or month as the width allows, labelled by its date.
          { incrs: [DAY, 7 * DAY, 28 * DAY], space: 48, values: (_u, ticks) => ticks.map(dayLabel) },
          { values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? formatNumber(t) : '')) },
        ],
        series: [
          { label: 'Day' },
          { label, stroke: SCANS, width: 2, fill: 'rgba(37, 99, 235, 0.08)' },
          { label: 'Unique visitors', stroke: VISITORS, width: 2 },
        ],
      },
      data,
      el,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [daily, label]);
  return (
    <figure class="chart">
      <div ref={box} class="chart-canvas" aria-hidden="true" />
      <figcaption class="visually-hidden">{label} and unique visitors per day; the figures follow in a table.</figcaption>
    </figure>
  );
}
