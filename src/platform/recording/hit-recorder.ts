import type { Hit, HitRecorder } from './hit.js';

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

/**
 * Calls `answer` once the hits recorded so far are durable: at once when the recorder does not say,
 * or when asking it fails (an answer is never withheld by the recorder).
 */
export function answerWhenDurable(recorder: HitRecorder, answer: () => void): void {
  if (!recorder.whenDurable) return answer();
  try {
    recorder.whenDurable(answer);
  } catch {
    answer();
  }
}
