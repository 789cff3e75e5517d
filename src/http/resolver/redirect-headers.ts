import { SECURITY_HEADERS } from '../security-headers.js';

/** The 302's headers with the location and request id left blank, copied per answer. */
const TEMPLATE = [
  'location',
  '',
  'cache-control',
  'no-store',
  'x-request-id',
  '',
  'content-length',
  '0',
  ...Object.entries(SECURITY_HEADERS).flat(),
];

/**
 * The fast path's 302, as one flat list for `writeHead`: no object to build and walk per answer, and
 * a copy of one packed array rather than a spread. A module of its own, loading nothing else, so the
 * redirect benchmark can answer with exactly these headers from a bare server (bench/bare.mjs).
 */
export function redirectHeaders(location: string, requestId: string): string[] {
  const headers = TEMPLATE.slice();
  headers[1] = location;
  headers[5] = requestId;
  return headers;
}
