import { executionAsyncResource } from 'node:async_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { keepTickShape, tickShapeKept } from './tick-shape.js';

setFlagsFromString('--allow-natives-syntax');
setFlagsFromString('--expose-gc');
const sameShape = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
const collect = runInNewContext('gc') as () => void;

/** The record Node makes for one `process.nextTick` call. */
function tickRecord(): Promise<object> {
  return new Promise((resolve) => process.nextTick(() => resolve(executionAsyncResource())));
}

/**
 * A full collection while no record is queued, then the empty shape's transitions filled the way
 * start-up's compilers fill them, then two records: do they share one shape?
 */
async function recordsShareShapeAfterStartup(): Promise<boolean> {
  await new Promise((resolve) => setImmediate(resolve));
  collect();
  for (let i = 0; i < 2_000; i += 1) {
    const scratch: Record<string, number> = {};
    scratch[`compiled${i}`] = i;
  }
  const first = await tickRecord();
  const second = await tickRecord();
  return sameShape(first, second);
}

describe('keepTickShape', () => {
  it('keeps nextTick records on one shape through a full collection and a crowded empty shape', async () => {
    // Without a held record the collection drops the records' shapes and each new record gets its own.
    expect(tickShapeKept()).toBe(false);
    expect(await recordsShareShapeAfterStartup()).toBe(false);
    // Taken in that crowded state, a record still lands on the shared chain.
    keepTickShape();
    expect(tickShapeKept()).toBe(true);
    expect(await recordsShareShapeAfterStartup()).toBe(true);
  });
});
