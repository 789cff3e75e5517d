import type { Expiry, Preview, Rule, Utm } from '../../catalog/index.js';

/** What an ending resolves to: all the resolver needs, small enough to cache. */
export interface Target {
  kind: 'code' | 'link';
  id: string;
  accountId: string;
  /** `unavailable`: the owning company is suspended. */
  status: 'active' | 'paused' | 'archived' | 'unavailable';
  destination: string;
  rules: Rule[];
  gateHash: string | null;
  expiry: Expiry;
  utm: Utm | null;
  preview: Preview | null;
}

/** One request for an ending, as the resolver sees it (no HTTP types). */
export interface Visit {
  host: string;
  shortCode: string;
  method: 'GET' | 'HEAD' | 'POST';
  userAgent: string | null;
  acceptLanguage: string | null;
  clientAddress: string;
  /** Raw `p` query parameter. */
  placement: string | null;
  /** Lower-case header names. */
  headers: Record<string, string | string[] | undefined>;
  /** The gate pass the visitor holds (cookie), if any. */
  gatePass?: string;
}

export type Outcome =
  | { kind: 'redirect'; location: string }
  | { kind: 'paused' }
  | { kind: 'archived' }
  /** Expired by date or count: a redirect to its expired address (never counted), else the "expired" page. */
  | { kind: 'expired'; location: string | null }
  /** A link-preview robot asking for a code or link with a preview: its Open Graph page (never counted). */
  | { kind: 'preview'; preview: Preview; url: string }
  | { kind: 'not_found' }
  /** The owning company is suspended: nothing is redirected. */
  | { kind: 'unavailable' }
  /** A gated code: show the password form (again, when `failed`). */
  | { kind: 'gate'; failed: boolean }
  /** The password was right: redirect and hand the visitor a pass. */
  | { kind: 'gate_passed'; location: string; pass: string; maxAgeSeconds: number }
  | { kind: 'rate_limited'; retryAfterSeconds: number };
