/**
 * The seam between the redirect and the recording of scans and clicks. The resolver calls
 * `record` once per resolved visit, after it has decided the answer and without awaiting it.
 */
export interface Hit {
  /** `code` becomes a `scan` event, `link` a `link_click`. */
  kind: 'code' | 'link';
  targetId: string;
  accountId: string;
  /** Epoch ms. */
  at: number;
  method: 'GET' | 'HEAD' | 'POST';
  /** False for HEAD requests: they are redirected but never counted. */
  countable: boolean;
  userAgent: string | null;
  acceptLanguage: string | null;
  /** For the day's unique-visitor hash only: kept in memory, never stored. */
  clientAddress: string;
  /** The `p` query parameter, trimmed, at most 64 characters, else null. */
  placement: string | null;
  /** Geography headers set by a proxy or CDN (cf-ipcountry, ...), lower-case names. */
  geo: Record<string, string>;
}

/** Must be synchronous and cheap, and must never throw into the redirect. */
export interface HitRecorder {
  record(hit: Hit): void;
}

/** Records nothing. */
export const noopRecorder: HitRecorder = { record() {} };

/** Hands a hit to the recorder; a failing recorder never breaks a redirect. */
export function recordSafely(recorder: HitRecorder, hit: Hit, onError?: (error: unknown) => void): void {
  try {
    recorder.record(hit);
  } catch (error) {
    onError?.(error);
  }
}
