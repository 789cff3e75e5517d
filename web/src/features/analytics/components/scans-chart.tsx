import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import '../analytics.css';
import { formatNumber } from '../../../lib/format';
import { hourTick, hourTicks, previousAligned, xRange, type DayPoint, type HourPoint } from '../api/chart-data';
import { useColourScheme } from './use-colour-scheme';

export type DayFigures = DayPoint;

const HEIGHT = 240;
const DAY = 86_400;
const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayLabel = (seconds: number): string => dayFormat.format(new Date(seconds * 1000));

/** The chart's colours, from the page's palette so they follow light and dark mode (a canvas sees no CSS). */
function palette(el: HTMLElement) {
  const style = getComputedStyle(el);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    ink: read('--ink-soft', '#555'),
    line: read('--line', '#ddd'),
    scans: read('--chart-scans', '#2563eb'),
    visitors: read('--chart-visitors', '#047857'),
    previous: read('--chart-previous', '#6b7280'),
  };
}

interface ChartProps {
  daily: readonly DayFigures[];
  /** Scans by hour: drawn instead of the days when given. */
  hourly?: readonly HourPoint[] | undefined;
  /** The previous period's days, drawn faint under this one's (by days only). */
  previous?: readonly { scans: number }[] | undefined;
  label?: string;
}

/**
 * Scans (or what `label` names) and unique visitors per day or per hour, drawn by uPlot on a canvas sized
 * to its container, with the period before as a faint dashed line. The canvas is for the eye; the same
 * figures are in the tables below it for everyone else.
 */
export function ScansChart({ daily, hourly, previous, label = 'Scans' }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const scheme = useColourScheme();
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const colours = palette(el);
    const axis = { stroke: colours.ink, grid: { stroke: colours.line, width: 1 }, ticks: { stroke: colours.line, width: 1 } };
    const yAxis = {
      ...axis,
      values: (_u: uPlot, ticks: number[]) => ticks.map((t) => (Number.isInteger(t) ? formatNumber(t) : '')),
    };
    const lines: uPlot.Series[] = [
      { label, stroke: colours.scans, width: 2, ...(/^#[0-9a-f]{6}$/i.test(colours.scans) && { fill: `${colours.scans}1a` }) },
      { label: 'Unique visitors', stroke: colours.visitors, width: 2 },
    ];
    const hours = hourly ?? [];
    const byHour = hourly !== undefined;
    const step = byHour ? 1 : DAY;
    const data: uPlot.AlignedData = byHour
      ? [hours.map((_, i) => i), hours.map((h) => h.scans), hours.map((h) => h.uniqueVisitors)]
      : [
          daily.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000),
          daily.map((d) => d.scans),
          daily.map((d) => d.uniqueVisitors),
          ...(previous ? [previousAligned(daily, previous)] : []),
        ];
    if (!byHour && previous)
      lines.push({ label: `${label}, period before`, stroke: colours.previous, width: 1.5, dash: [5, 4], spanGaps: false });
    const xAxis: uPlot.Axis = byHour
      ? {
          ...axis,
          splits: () => hourTicks(hours, el.clientWidth),
          values: (_u, ticks) => ticks.map((t) => (hours[t] ? hourTick(hours[t].local) : '')),
        }
      : // Whole days only: a tick every day or two, week, fortnight, month or quarter as the width allows.
        {
          ...axis,
          incrs: [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY, 91 * DAY],
          space: 48,
          values: (_u, ticks) => ticks.map(dayLabel),
        };
    const chart = new uPlot(
      {
        width: el.clientWidth,
        height: HEIGHT,
        // Days are days of the zone, sent as dates: drawn on UTC midnights wherever the browser is.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: {
          x: { time: !byHour, range: (u, min, max) => xRange(u.data[0], min, max, step) },
          y: { range: (_u, _min, max) => [0, Math.max(4, max)] },
        },
        axes: [xAxis, yAxis],
        series: [
          byHour
            ? { label: 'Hour', value: (_u, i) => (i === null ? '' : (hours[i]?.local.replace('T', ' ') ?? '')) }
            : { label: 'Day' },
          ...lines,
        ],
      },
      data,
      el,
    );
    // uPlot asks for the hour ticks again on every redraw, so they follow the width too.
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [daily, hourly, previous, label, scheme]);
  const unit = hourly ? 'hour' : 'day';
  return (
    <figure class="chart">
      <div ref={box} class="chart-canvas" aria-hidden="true" />
      <figcaption class="visually-hidden">
        {label} and unique visitors per {unit}
        {previous && !hourly ? ', with the period before' : ''}; the figures follow in a table.
      </figcaption>
    </figure>
  );
}
