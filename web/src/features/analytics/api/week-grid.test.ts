import { describe, expect, it } from 'vitest';
import { shadeLevel, SHADES } from './shade';
import { gridMax, gridPeak, hourLabel } from './week-grid';

const empty = () => Array.from({ length: 7 }, () => Array<number>(24).fill(0));

describe('the week grid', () => {
  it('finds the busiest weekday and hour, the first of equals, and none in an empty grid', () => {
    const grid = empty();
    grid[1]![14] = 5;
    grid[4]![9] = 5;
    grid[6]![23] = 2;
    expect(gridPeak(grid)).toEqual({ weekday: 'Tuesday', hour: 14, scans: 5 });
    expect(gridMax(grid)).toBe(5);
    expect(gridPeak(empty())).toBeNull();
    expect(gridMax(empty())).toBe(0);
    expect(hourLabel(7)).toBe('07');
  });

  it('shades none as 0 and any count at least 1, the busiest at the most', () => {
    expect(shadeLevel(0, 10)).toBe(0);
    expect(shadeLevel(1, 1000)).toBe(1);
    expect(shadeLevel(10, 10)).toBe(SHADES);
    expect(shadeLevel(5, 10)).toBeGreaterThan(1);
    expect(shadeLevel(5, 10)).toBeLessThan(SHADES);
    expect(shadeLevel(3, 0)).toBe(0);
    const levels = Array.from({ length: 11 }, (_, i) => shadeLevel(i, 10));
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
  });
});
