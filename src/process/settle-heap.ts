import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * One full garbage collection, once start-up is over and before traffic.
 *
 * Start-up compiles every route's validators and serializers, and the compilers leave thousands of
 * short-lived objects behind, each with a property name of its own (`err37`, `valid0`, a serializer's
 * root id). V8 records each as a transition from the empty object's shape, and once that list is full
 * (1,536 entries) every object that gains a new first property, Node's own `process.nextTick` record
 * included, is given a shape of its own: a new map per request, on the serving thread, until an old
 * generation collection clears the dead entries. Collecting once here clears them before the first
 * request instead of some seconds into the first burst of traffic.
 */
export function settleHeap(): void {
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  collect();
}
