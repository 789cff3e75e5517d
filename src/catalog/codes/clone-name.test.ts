import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cloneName } from './clone-name.js';
import { NAME_MAX } from './codes.types.js';

/** The n-th name of the sequence, as a person reads it: `X (copy)`, `X (copy 2)`, `X (copy 3)`, ... */
const nth = (original: string, n: number) => `${original}${n === 1 ? ' (copy)' : ` (copy ${n})`}`;

/** Names within the limit, long enough to leave room for any suffix. */
const shortName = fc.string({ minLength: 1, maxLength: 40 });

describe('cloneName', () => {
  it('names repeated clones (copy), (copy 2), (copy 3), ... in order, skipping none', () => {
    const taken: string[] = [];
    for (let n = 1; n <= 12; n += 1) {
      const name = cloneName('Menu', taken);
      expect(name).toBe(nth('Menu', n));
      taken.push(name);
    }
  });

  it('takes the lowest free number of the sequence, whatever else is taken', () => {
    fc.assert(
      fc.property(
        shortName,
        fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { maxLength: 30 }),
        fc.array(fc.string({ maxLength: 50 }), { maxLength: 5 }),
        (original, numbers, others) => {
          const taken = [...numbers.map((n) => nth(original, n)), ...others.filter((o) => !/ \(copy( \d+)?\)$/.test(o))];
          let lowest = 1;
          while (numbers.includes(lowest)) lowest += 1;
          expect(cloneName(original, taken)).toBe(nth(original, lowest));
        },
      ),
    );
  });

  it('never returns a taken name and stays within the name limit, cutting the original rather than the suffix', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: NAME_MAX }), fc.integer({ min: 0, max: 15 }), (original, copies) => {
        const taken: string[] = [];
        for (let i = 0; i < copies; i += 1) taken.push(cloneName(original, taken));
        const name = cloneName(original, taken);
        expect(taken).not.toContain(name);
        expect(name.length).toBeLessThanOrEqual(NAME_MAX);
        const suffix = / \(copy(?: (\d+))?\)$/.exec(name);
        expect(suffix).not.toBeNull();
        expect(Number(suffix![1] ?? 1)).toBe(copies + 1);
        const base = name.slice(0, suffix!.index);
        expect(original.startsWith(base)).toBe(true);
        if (base !== original) expect(base).toBe(original.slice(0, NAME_MAX - suffix![0].length).trimEnd());
      }),
    );
  });

  it('fills a 200-character name exactly', () => {
    const long = cloneName('x'.repeat(NAME_MAX), []);
    expect(long).toBe(`${'x'.repeat(NAME_MAX - ' (copy)'.length)} (copy)`);
    expect(cloneName('x'.repeat(NAME_MAX), [long])).toBe(`${'x'.repeat(NAME_MAX - ' (copy 2)'.length)} (copy 2)`);
  });
});
