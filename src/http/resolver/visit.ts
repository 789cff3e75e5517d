import type { IncomingHttpHeaders } from 'node:http';
import type { Visit } from '../../traffic/index.js';

export const GATE_COOKIE = 'qrelay_gate';

function cookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The resolver's view of a request, from its parts; shared by the Fastify route and the fast path. */
export function visitOf(parts: {
  host: string;
  shortCode: string;
  method: string;
  placement: unknown;
  headers: IncomingHttpHeaders;
  clientAddress: string;
}): Visit {
  const p = parts.placement;
  return {
    host: parts.host,
    shortCode: parts.shortCode,
    method: parts.method as Visit['method'],
    userAgent: parts.headers['user-agent'] ?? null,
    acceptLanguage: parts.headers['accept-language'] ?? null,
    clientAddress: parts.clientAddress,
    placement: typeof p === 'string' ? p : Array.isArray(p) && typeof p[0] === 'string' ? p[0] : null,
    headers: parts.headers,
    gatePass: cookie(parts.headers.cookie, GATE_COOKIE),
  };
}
