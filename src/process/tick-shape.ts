import { createHook } from 'node:async_hooks';
import { settleHeap } from './settle-heap.js';

/** One of Node's own `process.nextTick` records, held for the life of the process. */
let kept: object | undefined;

/**
 * Holds one `process.nextTick` record so its shape is never collected.
 *
 * Node makes that record with an object literal whose first keys are computed (`async_id_symbol`,
 * `trigger_async_id_symbol`), so V8 builds its shape by transitions from the empty object's shape,
 * and those transitions are weak: a full collection at a moment when no record is queued drops them.
 * If the empty shape's transition list is full when they are rebuilt (start-up fills it with the
 * schema compilers' dead names), every record gets a shape of its own, `nextTick`'s
 * property stores see a new shape each time and turn megamorphic, and they stay so for the life of
 * the process: about 3 µs of every request, on the serving thread. A record that stays alive keeps
 * the whole chain of shapes alive, so the transitions are always found.
 *
 * A full collection first clears whatever loading the modules left in the empty shape's list, so the
 * record taken is made on the shared chain and not on a shape of its own. The record is taken from an
 * `init` hook that is enabled for one `nextTick` call and disabled at once.
 */
export function keepTickShape(): void {
  settleHeap();
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'TickObject') kept = resource as object;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => undefined);
  } finally {
    hook.disable();
  }
}

/** Whether a record is held (for tests). */
export function tickShapeKept(): boolean {
  return kept !== undefined;
}
