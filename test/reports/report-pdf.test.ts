import { describe, expect, it } from 'vitest';
import { pdfText, pdfToPng } from '../support/decoders.js';
import { scale } from '../../src/catalog/reports/report.chart.js';
import { reportPdf } from '../../src/catalog/reports/report.pdf.js';
import type { ReportFigures } from '../../src/catalog/reports/report.types.js';

const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);

/** A code's figures with `counts` scans on the days from 1 January 2026, none the period before. */
function figures(counts: number[], overrides: Partial<ReportFigures> = {}): ReportFigures {
  const total = counts.reduce((n, c) => n + c, 0);
  const none = { count: 0, uniqueVisitors: 0 };
  return {
    subject: 'code',
    name: 'Window poster',
    from: day(0),
    to: day(counts.length - 1),
    days: counts.length,
    tz: 'Pacific/Auckland',
    unit: 'scans',
    totals: { count: total, uniqueVisitors: total },
    previous: { from: '2025-12-01', to: '2025-12-31', totals: none, daily: [], change: { count: null, uniqueVisitors: null } },
    daily: counts.map((count, i) => ({ date: day(i), count })),
    countries: total ? [{ value: 'NZ', count: total }] : [],
    devices: [],
    os: [],
    browsers: [],
    generatedAt: Date.parse('2026-01-31T23:30:00Z'),
    ...overrides,
  };
}

const flat = (pdf: Uint8Array) => pdfText(pdf).replace(/\s+/g, ' ');

describe('reportPdf', () => {
  it('draws a long range as one area, cuts a long name, and says what has nothing', async () => {
    const pdf = await reportPdf(
      figures(
        Array.from({ length: 365 }, (_, i) => (i % 7) * 3),
        { name: `Spring menu ${'and more '.repeat(20)}`.trim() },
      ),
    );
    const text = flat(pdf);
    expect(text).toMatch(/Spring menu and more and more .*… QR code · 1 Jan 2026 – 31 Dec 2026 \(365 days\)/);
    expect(text).toContain('New Zealand');
    expect(text).toContain('Nothing recorded in this range.');
    expect(text).toContain('Generated 1 Feb 2026, 12:30 (Pacific/Auckland)');
    expect(text).toContain('new against the previous period (0)');
    expect(pdfToPng(pdf, 40)).toMatch(/\.png$/);
  });

  it('draws a range without any scans, a day long', async () => {
    const text = flat(await reportPdf(figures([0])));
    expect(text).toContain('1 Jan 2026 (1 day)');
    expect(text).toContain('No scans in this range.');
    expect(text).toContain('no change against the previous period (0)');
  });

  it('divides the axis in round steps', () => {
    expect(scale(0)).toEqual({ step: 1, top: 1 });
    expect(scale(3)).toEqual({ step: 1, top: 3 });
    expect(scale(110)).toEqual({ step: 50, top: 150 });
    expect(scale(7)).toEqual({ step: 2, top: 8 });
    expect(scale(1000)).toEqual({ step: 500, top: 1000 });
  });
});
