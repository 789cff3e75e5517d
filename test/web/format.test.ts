import { describe, expect, it } from 'vitest';
import { formatCount } from '../../web/src/lib/format.js';

describe("the dashboard's counts", () => {
  it('say one in the singular and any other number in the plural', () => {
    expect(formatCount(1, 'scan', 'scans')).toBe('1 scan');
    expect(formatCount(0, 'scan', 'scans')).toBe('0 scans');
    expect(formatCount(2, 'click', 'clicks')).toBe('2 clicks');
    expect(formatCount(2048, 'scan', 'scans')).toMatch(/^2\D?048 scans$/);
  });
});
