import type { Hit, HitRecorder } from '../../src/modules/resolver/hit-recorder.js';

/** Keeps every hit it is given, for assertions. */
export class MemoryRecorder implements HitRecorder {
  readonly hits: Hit[] = [];
  record(hit: Hit): void {
    this.hits.push(hit);
  }
  clear(): void {
    this.hits.length = 0;
  }
}
