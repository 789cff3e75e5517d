import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';
import { PRIMARY_KEYS } from './gs1.keys.js';

/** Where the service answers: its public address, and the address and port it listens on. */
export interface ServiceAddress {
  publicUrl: string;
  listen?: { host: string; port: number };
}

/** Path prefixes of the hosted content's public pages (forms, landing pages, cards). */
const CONTENT_PREFIXES: ReadonlySet<string> = new Set(['f', 'p', 'c']);
const GS1_PRIMARY_AIS: ReadonlySet<string> = new Set(Object.keys(PRIMARY_KEYS));
const WILDCARDS: ReadonlySet<string> = new Set(['0.0.0.0', '::', '[::]']);

/** A hostname as a resolver compares it: lowercase, without the trailing dot of a fully qualified name. */
export const comparableHost = (hostname: string): string => hostname.toLowerCase().replace(/\.+$/, '');

const defaultPort = (url: URL): string => url.port || (url.protocol === 'https:' ? '443' : '80');

/** The address an IP literal stands for (IPv4-mapped IPv6 as IPv4), or null for a name. */
function ipOf(hostname: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return null;
  const ip = ipaddr.parse(bare);
  return ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
}

const isLoopback = (hostname: string): boolean =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || ipOf(hostname)?.range() === 'loopback';

/** The IP literals of every interface of this machine (what a wildcard listener answers on). */
function interfaceAddresses(): Set<string> {
  const found = new Set<string>();
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) found.add(ipaddr.parse(entry.address.split('%')[0]!).toNormalizedString());
  }
  return found;
}

/**
 * Whether a path is one the resolvers answer with a redirect or a hosted page: a short address (one
 * segment), a form, page or card, or a GS1 Digital Link. Other paths of the host (the dashboard, the
 * docs) are not, and `/` only sends to the dashboard.
 */
export function isServicePath(pathname: string): boolean {
  const segments = pathname.split('/').filter((s) => s !== '');
  if (segments.length === 0) return false;
  let first = segments[0]!;
  try {
    first = decodeURIComponent(first);
  } catch {
    // A segment that does not decode is still a segment the resolver would be asked for.
  }
  return segments.length === 1 || CONTENT_PREFIXES.has(first) || GS1_PRIMARY_AIS.has(first);
}

/**
 * Whether an address reaches this service itself: its public host and port, any account's custom domain
 * (on any port), or the address it listens on, including loopback and, for a wildcard listener, every
 * interface of the machine. Host names compare without case or a trailing dot; IP literals by value.
 */
export function ownHostTest(service: ServiceAddress): (url: URL, customDomains: ReadonlySet<string>) => boolean {
  const publicUrl = new URL(service.publicUrl);
  const publicHost = comparableHost(publicUrl.hostname);
  const publicPort = defaultPort(publicUrl);
  const listen = service.listen;
  const listenIp = listen ? ipOf(listen.host) : null;
  const wildcard = listen ? WILDCARDS.has(listen.host) : false;
  const local = wildcard ? interfaceAddresses() : new Set<string>();
  const listenPort = listen ? String(listen.port) : null;

  return (url, customDomains) => {
    const host = comparableHost(url.hostname);
    const port = defaultPort(url);
    if (customDomains.has(host)) return true;
    if (host === publicHost && port === publicPort) return true;
    if (port !== listenPort) return false;
    if (isLoopback(host)) return true;
    const ip = ipOf(host);
    if (!ip) return listen !== undefined && host === comparableHost(listen.host);
    const normal = ip.toNormalizedString();
    return (listenIp !== null && listenIp.toNormalizedString() === normal) || local.has(normal);
  };
}
