import { describe, expect, it } from 'vitest';
import { ENDING_MIN, isEndingShape } from '../../src/catalog/endings/endings.js';
import { ENDING_PATTERN } from '../../web/src/lib/ending-pattern.js';

/** As a browser compiles an input's `pattern`: anchored, with the `v` flag. */
const asBrowser = (pattern: string) => new RegExp(`^(?:${pattern})$`, 'v');

describe("the ending field's pattern", () => {
  it('compiles with the v flag browsers use (a bare "-" in a class does not)', () => {
    expect(() => asBrowser(ENDING_PATTERN)).not.toThrow();
    expect(() => asBrowser('[A-Za-z0-9_-]*')).toThrow(SyntaxError);
  });

  it('accepts an ending of the shape the service takes when one is chosen, or nothing, and nothing else', () => {
    const pattern = asBrowser(ENDING_PATTERN);
    expect(pattern.test('')).toBe(true);
    const endings = ['abc', 'Spring-Sale_26', 'x'.repeat(64), 'ab', 'x'.repeat(65), 'a/b', 'has space', 'a.b', 'ünï', '-_-'];
    for (const ending of endings) expect(pattern.test(ending), ending).toBe(ending.length >= ENDING_MIN && isEndingShape(ending));
  });
});
