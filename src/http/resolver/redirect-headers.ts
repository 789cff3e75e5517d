import { SECURITY_HEADERS } from '../security-headers.js';

const SECURITY_HEADER_LIST = Object.entries(SECURITY_HEADERS).flat();

/**
 * The fast path's 302, as one flat list for `writeHead`: no object to build and walk per answer.
 * A module of its own, loading nothing else, so the redirect benchmark can answer with exactly these
 * headers from a bare server (bench/bare.mjs).
 */
export function redirectHeaders(location: string, requestId: string): string[] {
  return [
    'location',
    location,
    'cache-control',
    'no-store',
    'x-request-id',
    requestId,
    'content-length',
    '0',
    ...SECURITY_HEADER_LIST,
  ];
}
