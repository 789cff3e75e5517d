import { describe, expect, it } from 'vitest';
import { hourTick, hourTicks, previousAligned, xRange } from './chart-data';

const hours = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    local: `2026-03-${String(5 + Math.floor(i / 24)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:00`,
    scans: 0,
    uniqueVisitors: 0,
  }));

describe('the chart by hour', () => {
  it('labels midnight with its day and other hours with the time', () => {
    expect(hourTick('2026-03-05T00:00')).toBe('Mar 5');
    expect(hourTick('2026-03-05T14:00')).toBe('14:00');
    expect(hourTick('2026-03-05T05:45')).toBe('05:45');
  });

  it('ticks fewer hours the more there are and the narrower the chart', () => {
    expect(hourTicks(hours(24), 1400)).toHaveLength(24);
    const week = hourTicks(hours(168), 320);
    expect(week.length).toBeLessThanOrEqual(5);
    expect(week[0]).toBe(0);
    expect(hourTicks(hours(168), 1000)).toHaveLength(14);
    // Kathmandu's hours start at a quarter to: still ticked by their hour.
    const kathmandu = hours(24).map((h) => ({ ...h, local: h.local.replace(':00', ':45') }));
    expect(hourTicks(kathmandu, 1400)).toHaveLength(24);
  });

  it('lays the period before under this one day by day', () => {
    const days = [1, 2, 3].map((d) => ({ date: `2026-01-0${d}`, scans: d, uniqueVisitors: d }));
    expect(previousAligned(days, [{ scans: 4 }, { scans: 5 }])).toEqual([4, 5, null]);
  });
});

describe('the x range', () => {
  it("keeps the data's own range, and puts a single day in the middle of one day", () => {
    expect(xRange([100, 200, 300], 100, 300, 86_400)).toEqual([100, 300]);
    expect(xRange([86_400], 86_400, 86_400 + 86_400_000, 86_400)).toEqual([43_200, 129_600]);
  });
});
