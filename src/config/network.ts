import { isIP } from 'node:net';
import { ConfigError, type Env } from './read.js';

/**
 * TRUST_PROXY: false (no proxy: the socket's peer is the client), a number of proxy hops in front of
 * the service, or the addresses and CIDR ranges of the proxies.
 */
export type TrustProxy = false | number | readonly string[];

/** Names proxy-addr knows for ranges: loopback, linklocal, uniquelocal. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export function proxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (isIP(bits) === 4 && family === 4) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

export function trustProxy(env: Env): TrustProxy {
  const raw = env.TRUST_PROXY?.trim().toLowerCase();
  if (!raw || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return 1;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 32) throw new ConfigError('TRUST_PROXY', `must be at most 32 hops, got ${hops}`);
    return hops;
  }
  const entries = raw.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !proxyEntry(e));
  if (bad !== undefined)
    throw new ConfigError(
      'TRUST_PROXY',
      `must be a hop count or a list of proxy addresses or CIDR ranges (or loopback, linklocal, uniquelocal), got "${bad}"`,
    );
  return entries;
}

export function host(env: Env): string {
  const raw = env.HOST?.trim() || '127.0.0.1';
  if (isIP(raw) === 0 && !/^[a-zA-Z0-9.-]+$/.test(raw)) throw new ConfigError('HOST', `is not an address or host name: "${raw}"`);
  return raw;
}

export function metricsToken(env: Env): string | null {
  const raw = env.METRICS_TOKEN?.trim();
  if (!raw) return null;
  if (raw.length < 16 || /\s/.test(raw)) throw new ConfigError('METRICS_TOKEN', 'must be at least 16 characters without spaces');
  return raw;
}
