import { PDFDocument } from '@cantoo/pdf-lib';
import { drawSeries } from './report.chart.js';
import { formatChange, formatCount, formatDays, formatInstant, formatValue } from './report.format.js';
import { ACCENT, ACCENT_SOFT, MUTED, Pen, RULE } from './report.pen.js';
import type { ReportFigures, ReportRow } from './report.types.js';

const MARGIN = 48;
const PAGE_WIDTH = 595.28;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Rows a breakdown shows at most; the rest are summed as "Others". */
const ROWS = 8;

const SUBJECTS = { code: 'QR code', link: 'Short link', campaign: 'Campaign' } as const;
const UNITS = { scans: 'Scans', clicks: 'Clicks', events: 'Scans, clicks and views' } as const;
const DIMENSIONS = [
  ['countries', 'Countries'],
  ['devices', 'Devices'],
  ['os', 'Operating systems'],
  ['browsers', 'Browsers'],
] as const;

/** The title, the subject and its range, with a rule under them; returns the y below. */
function header(pen: Pen, f: ReportFigures, y: number): number {
  pen.text('Analytics report', MARGIN, y, { size: 9, color: MUTED });
  pen.text('qrelay', MARGIN + WIDTH, y, { size: 9, color: MUTED, align: 'right' });
  pen.text(f.name, MARGIN, y - 28, { size: 20, bold: true, maxWidth: WIDTH });
  const range = `${formatDays(f.from, f.to)} (${f.days} ${f.days === 1 ? 'day' : 'days'}), time zone ${f.tz}`;
  pen.text(`${SUBJECTS[f.subject]} · ${range}`, MARGIN, y - 46, { size: 10, color: MUTED, maxWidth: WIDTH });
  pen.line(MARGIN, y - 58, MARGIN + WIDTH, y - 58);
  return y - 58;
}

/** A total with its change against the previous period, in a card. */
function total(
  pen: Pen,
  x: number,
  top: number,
  width: number,
  label: string,
  now: number,
  before: number,
  change: number | null,
) {
  pen.rect(x, top - 72, width, 72, ACCENT_SOFT);
  pen.text(label, x + 12, top - 18, { size: 10, color: MUTED, maxWidth: width - 24 });
  pen.text(formatCount(now), x + 12, top - 44, { size: 22, bold: true });
  const hint = `${formatChange(change, now)} against the previous period (${formatCount(before)})`;
  pen.text(hint, x + 12, top - 62, { size: 9, color: MUTED, maxWidth: width - 24 });
}

/** The two totals side by side, and the previous period they are compared with; returns the y below. */
function totals(pen: Pen, f: ReportFigures, y: number): number {
  const top = y - 16;
  const half = (WIDTH - 12) / 2;
  const { totals: now, previous } = f;
  total(pen, MARGIN, top, half, UNITS[f.unit], now.count, previous.totals.count, previous.change.count);
  total(
    pen,
    MARGIN + half + 12,
    top,
    half,
    'Unique visitors (summed per day)',
    now.uniqueVisitors,
    previous.totals.uniqueVisitors,
    previous.change.uniqueVisitors,
  );
  pen.text(`Previous period: ${formatDays(previous.from, previous.to)}.`, MARGIN, top - 86, { size: 8, color: MUTED });
  return top - 86;
}

/** The daily chart with its title and legend; returns the y below. */
function series(pen: Pen, f: ReportFigures, y: number): number {
  const top = y - 28;
  pen.text(`${UNITS[f.unit]} per day`, MARGIN, top, { size: 12, bold: true });
  const legend = MARGIN + WIDTH;
  pen.text('Previous period', legend, top, { size: 8, color: MUTED, align: 'right' });
  const previousAt = legend - pen.width('Previous period', { size: 8 }) - 22;
  pen.page.drawLine({
    start: { x: previousAt, y: top + 3 },
    end: { x: previousAt + 16, y: top + 3 },
    color: MUTED,
    thickness: 1,
    dashArray: [3, 2],
  });
  pen.text('This range', previousAt - 10, top, { size: 8, color: MUTED, align: 'right' });
  pen.rect(previousAt - 10 - pen.width('This range', { size: 8 }) - 14, top, 8, 8, ACCENT);
  const box = { x: MARGIN, top: top - 14, width: WIDTH, height: 170 };
  drawSeries(
    pen,
    box,
    f.daily.map((d) => d.count),
    f.previous.daily,
    f.daily.map((d) => d.date),
  );
  if (f.totals.count === 0)
    pen.text(`No ${f.unit} in this range.`, MARGIN + WIDTH / 2, box.top - 70, { size: 10, color: MUTED, align: 'center' });
  return box.top - box.height;
}

/** A breakdown as a table: each value, a bar of its share, its count and its percentage; the rest as "Others". */
function breakdown(pen: Pen, f: ReportFigures, dimension: (typeof DIMENSIONS)[number], x: number, top: number, width: number) {
  const [key, title] = dimension;
  pen.text(title, x, top, { size: 12, bold: true });
  const list: ReportRow[] = f[key];
  const whole = list.reduce((n, b) => n + b.count, 0);
  if (whole === 0) {
    pen.text('Nothing recorded in this range.', x, top - 20, { size: 9, color: MUTED });
    return;
  }
  const rows = list.slice(0, ROWS).map((b) => ({ label: formatValue(key, b.value), count: b.count }));
  const rest = whole - rows.reduce((n, r) => n + r.count, 0);
  if (rest > 0) rows.push({ label: 'Others', count: rest });
  rows.forEach((row, i) => {
    const y = top - 20 - i * 16;
    const share = row.count / whole;
    pen.text(row.label, x, y, { size: 9, maxWidth: width * 0.42 });
    const barX = x + width * 0.45;
    const barWidth = width * 0.3;
    pen.rect(barX, y - 1, barWidth, 8, ACCENT_SOFT);
    pen.rect(barX, y - 1, Math.max(barWidth * share, 0.5), 8, ACCENT);
    pen.text(formatCount(row.count), x + width * 0.88, y, { size: 9, align: 'right' });
    pen.text(`${Math.round(share * 100)}%`, x + width, y, { size: 9, color: MUTED, align: 'right' });
  });
}

/** The four breakdowns in two rows of two; returns the y below. */
function breakdowns(pen: Pen, f: ReportFigures, y: number): number {
  const half = (WIDTH - 24) / 2;
  const rowHeight = 20 + (ROWS + 1) * 16 + 12;
  DIMENSIONS.forEach((dimension, i) => {
    const top = y - 30 - Math.floor(i / 2) * rowHeight;
    breakdown(pen, f, dimension, MARGIN + (i % 2) * (half + 24), top, half);
  });
  return y - 30 - 2 * rowHeight;
}

function footer(pen: Pen, f: ReportFigures): void {
  pen.line(MARGIN, MARGIN, MARGIN + WIDTH, MARGIN, RULE);
  const made = `Generated ${formatInstant(f.generatedAt, f.tz)} (${f.tz}) by qrelay.`;
  pen.text(made, MARGIN, MARGIN - 14, { size: 8, color: MUTED });
  const note = 'Automated traffic is not counted. Unique visitors are counted per day and summed.';
  pen.text(note, MARGIN, MARGIN - 25, { size: 8, color: MUTED, maxWidth: WIDTH });
}

/**
 * The report as a one-page A4 PDF: every chart a vector shape, every text set in the embedded font
 * subsets (so it can be selected, searched and copied).
 */
export async function reportPdf(f: ReportFigures): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${f.name}: analytics report, ${formatDays(f.from, f.to)}`);
  pdf.setSubject(`${UNITS[f.unit]} from ${f.from} to ${f.to} (${f.tz})`);
  pdf.setCreator('qrelay');
  pdf.setProducer('qrelay');
  pdf.setCreationDate(new Date(f.generatedAt));
  pdf.setModificationDate(new Date(f.generatedAt));
  const pen = await Pen.on(pdf);
  let y = pen.page.getHeight() - MARGIN;
  y = header(pen, f, y);
  y = totals(pen, f, y);
  y = series(pen, f, y);
  breakdowns(pen, f, y);
  footer(pen, f);
  return pdf.save({ useObjectStreams: true });
}
