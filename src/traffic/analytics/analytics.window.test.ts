import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitWindow } from './store/analytics.repository.js';
import { firstDayOf, monthOf } from '../events/events.types.js';

/** Asserts a split covers the `days` days from `from` exactly once, in at most two end ranges; returns it. */
function expectCovered(split: ReturnType<typeof splitWindow>, from: number, days: number) {
  const { ranges, months } = split;
  const covered: number[] = [];
  for (const [a, b] of ranges) for (let d = a; d <= b; d += 1) covered.push(d);
  if (months) for (let d = firstDayOf(months[0]); d < firstDayOf(months[1] + 1); d += 1) covered.push(d);
  covered.sort((a, b) => a - b);
  expect(covered).toEqual(Array.from({ length: days }, (_, i) => from + i));
  expect(ranges.length).toBeLessThanOrEqual(2);
  return split;
}

describe('splitWindow', () => {
  it('covers every day of the window exactly once with end ranges and whole months', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: 1, max: 3650 }), (from, days) => {
        const to = from + days - 1;
        expectCovered(splitWindow(from, to), from, days);
      }),
    );
  });

  it('takes whole months only up to the horizon, and reads every later day as days', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40_000 }),
        fc.integer({ min: 1, max: 3650 }),
        fc.integer({ min: -1, max: 1400 }),
        (from, days, horizon) => {
          const to = from + days - 1;
          const { months } = expectCovered(splitWindow(from, to, horizon), from, days);
          if (months) expect(months[1]).toBeLessThanOrEqual(horizon);
          // Past the window's last whole month, the horizon changes nothing.
          if (horizon >= monthOf(to)) expect(splitWindow(from, to, horizon)).toEqual(splitWindow(from, to));
        },
      ),
    );
  });

  it('reads the months after the horizon, and a window with no horizon, as days', () => {
    const day = (iso: string) => Date.parse(iso) / 86_400_000;
    const from = day('2025-09-17');
    const to = day('2026-01-15');
    expect(splitWindow(from, to)).toEqual({
      ranges: [
        [from, day('2025-09-30')],
        [day('2026-01-01'), to],
      ],
      months: [monthOf(day('2025-10-01')), monthOf(day('2025-12-01'))],
    });
    expect(splitWindow(from, to, monthOf(day('2025-11-01')))).toEqual({
      ranges: [
        [from, day('2025-09-30')],
        [day('2025-12-01'), to],
      ],
      months: [monthOf(day('2025-10-01')), monthOf(day('2025-11-01'))],
    });
    expect(splitWindow(from, to, -Infinity)).toEqual({ ranges: [[from, to]], months: null });
    expect(splitWindow(day('2025-09-17'), day('2025-10-10'))).toEqual({
      ranges: [[day('2025-09-17'), day('2025-10-10')]],
      months: null,
    });
    expect(splitWindow(day('2025-10-01'), day('2025-12-31'), monthOf(day('2025-12-01')))).toEqual({
      ranges: [],
      months: [monthOf(day('2025-10-01')), monthOf(day('2025-12-01'))],
    });
  });

  it('numbers months from 1970-01', () => {
    expect(monthOf(0)).toBe(0);
    expect(firstDayOf(monthOf(20_000))).toBeLessThanOrEqual(20_000);
    expect(firstDayOf(13)).toBe(Date.UTC(1971, 1, 1) / 86_400_000);
  });
});
