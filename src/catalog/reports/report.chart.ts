import { formatCount, formatDay } from './report.format.js';
import { ACCENT, ACCENT_SOFT, MUTED, RULE, type Pen } from './report.pen.js';

/** Up to this many days a day is a bar; a longer range is one filled area, which stays legible. */
const BARS_UP_TO = 92;

/** A round step (1, 2 or 5 times a power of ten) that divides 0..max into at most four parts, and the top it reaches. */
export function scale(max: number): { step: number; top: number } {
  if (max <= 0) return { step: 1, top: 1 };
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power);
  return { step, top: Math.ceil(max / step) * step };
}

export interface ChartBox {
  x: number;
  /** The box's top edge, points from the page's bottom. */
  top: number;
  width: number;
  height: number;
}

/** A point of the series in the plot's own coordinates (SVG's: y down from its top). */
const point = (i: number, value: number, slot: number, height: number, top: number) =>
  `${((i + 0.5) * slot).toFixed(2)} ${(height - (value / top) * height).toFixed(2)}`;

/**
 * The daily series as vector shapes in `box`: gridlines with their counts, one bar per day (or a
 * filled area for a long range), the previous period's days as a dashed line over the same slots,
 * and a few dates under the axis.
 */
export function drawSeries(pen: Pen, box: ChartBox, current: number[], previous: number[], dates: string[]): void {
  const axis = 40;
  const plot = { x: box.x + axis, top: box.top, width: box.width - axis, height: box.height - 16 };
  const bottom = plot.top - plot.height;
  const { step, top } = scale(Math.max(...current, ...previous));
  for (let tick = 0; tick <= top; tick += step) {
    const y = bottom + (tick / top) * plot.height;
    pen.line(plot.x, y, plot.x + plot.width, y, RULE, tick === 0 ? 1 : 0.5);
    pen.text(formatCount(tick), plot.x - 6, y - 3, { size: 8, color: MUTED, align: 'right' });
  }
  const slot = plot.width / current.length;
  if (current.length <= BARS_UP_TO) {
    const bar = Math.max(slot * 0.7, 0.5);
    current.forEach((value, i) => {
      if (value > 0) pen.rect(plot.x + i * slot + (slot - bar) / 2, bottom, bar, (value / top) * plot.height, ACCENT);
    });
  } else {
    const line = current.map((value, i) => `L ${point(i, value, slot, plot.height, top)}`).join(' ');
    const area = `M ${(0.5 * slot).toFixed(2)} ${plot.height} ${line} L ${((current.length - 0.5) * slot).toFixed(2)} ${plot.height} Z`;
    pen.page.drawSvgPath(area, { x: plot.x, y: plot.top, color: ACCENT_SOFT, borderColor: ACCENT, borderWidth: 0.75 });
  }
  if (previous.some((value) => value > 0)) {
    const path = previous.map((value, i) => `${i === 0 ? 'M' : 'L'} ${point(i, value, slot, plot.height, top)}`).join(' ');
    pen.page.drawSvgPath(path, { x: plot.x, y: plot.top, borderColor: MUTED, borderWidth: 1, borderDashArray: [3, 2] });
  }
  const labels = Math.min(dates.length, 6);
  const shown = new Set(Array.from({ length: labels }, (_, k) => Math.round((k * (dates.length - 1)) / Math.max(labels - 1, 1))));
  for (const i of shown) {
    const label = formatDay(dates[i]!);
    const centre = plot.x + (i + 0.5) * slot;
    const half = pen.width(label, { size: 8 }) / 2;
    const x = Math.min(Math.max(centre - half, plot.x), plot.x + plot.width - 2 * half);
    pen.text(label, x, bottom - 12, { size: 8, color: MUTED });
  }
}
