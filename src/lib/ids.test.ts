import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idFloorAt, isId, newIdAt } from './ids.js';

describe('time-based ids', () => {
  it('sorts every id made at or after a millisecond at or above its floor, and every earlier one below', () => {
    const ms = fc.integer({ min: 0, max: 2 ** 48 - 1 });
    fc.assert(
      fc.property(ms, ms, (a, cutoff) => {
        const id = newIdAt(a);
        expect(isId(id)).toBe(true);
        expect(id >= idFloorAt(cutoff)).toBe(a >= cutoff);
      }),
      { numRuns: 2000 },
    );
  });

  it('sorts ids of the same millisecond in the order they were made', () => {
    const at = Date.UTC(2026, 0, 15, 12);
    const ids = Array.from({ length: 1000 }, () => newIdAt(at));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(1000);
  });

  it('carries the time it was made at', () => {
    const at = Date.UTC(2026, 0, 15, 12);
    expect(Number.parseInt(newIdAt(at).replace('-', '').slice(0, 12), 16)).toBe(at);
    expect(idFloorAt(at)).toBe(
      `${at.toString(16).padStart(12, '0').slice(0, 8)}-${at.toString(16).slice(-4)}-7000-8000-000000000000`,
    );
  });
});
