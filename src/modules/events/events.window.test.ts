import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitWindow } from './events.repository.js';
import { firstDayOf, monthOf } from './events.types.js';

describe('splitWindow', () => {
  it('covers every day of the window exactly once with end ranges and whole months', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: 1, max: 3650 }), (from, days) => {
        const to = from + days - 1;
        const { ranges, months } = splitWindow(from, to);
        const covered: number[] = [];
        for (const [a, b] of ranges) for (let d = a; d <= b; d += 1) covered.push(d);
        if (months) for (let d = firstDayOf(months[0]); d < firstDayOf(months[1] + 1); d += 1) covered.push(d);
        covered.sort((a, b) => a - b);
        expect(covered).toEqual(Array.from({ length: days }, (_, i) => from + i));
        expect(ranges.length).toBeLessThanOrEqual(2);
      }),
    );
  });

  it('numbers months from 1970-01', () => {
    expect(monthOf(0)).toBe(0);
    expect(firstDayOf(monthOf(20_000))).toBeLessThanOrEqual(20_000);
    expect(firstDayOf(13)).toBe(Date.UTC(1971, 1, 1) / 86_400_000);
  });
});
