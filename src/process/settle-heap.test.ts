import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { settleHeap } from './settle-heap.js';

setFlagsFromString('--allow-natives-syntax');
const sameShape = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

/** Two objects made the same way, from `{}` with one new property: shared shape or not. */
function freshPairShares(): boolean {
  const key = Symbol('fresh');
  const make = () => ({ [key]: 1 });
  return sameShape(make(), make());
}

describe('settleHeap', () => {
  it('clears the dead shapes start-up leaves, so objects made alike share one shape again', () => {
    // What compiling schemas leaves behind: short-lived objects, each with a first property of its own.
    for (let i = 0; i < 2_000; i += 1) {
      const scratch: Record<string, number> = {};
      scratch[`startup${i}`] = i;
    }
    expect(freshPairShares()).toBe(false);
    settleHeap();
    expect(freshPairShares()).toBe(true);
  });
});
