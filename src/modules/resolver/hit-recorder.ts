import type { Hit, HitRecorder } from '../events/events.types.js';

/**
 * The seam between the redirect and the recording of scans and clicks: the events module's
 * `HitRecorder`. The resolver calls `record` once per resolved visit, after it has decided the
 * answer and without awaiting it.
 */
export type { Hit, HitRecorder };

/** Hands a hit to the recorder; a failing recorder never breaks a redirect. */
export function recordSafely(recorder: HitRecorder, hit: Hit, onError?: (error: unknown) => void): void {
  try {
    recorder.record(hit);
  } catch (error) {
    onError?.(error);
  }
}
