import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Only ordinary public unicast addresses may receive webhooks (unless private targets are allowed). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address); // unwraps IPv4-mapped IPv6
  return parsed.range() === 'unicast';
}

export class PrivateTargetError extends Error {
  constructor(readonly address: string) {
    super(`refused to deliver to a private, loopback, link-local or reserved address (${address})`);
    this.name = 'PrivateTargetError';
  }
}

const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/** Resolves a host name and throws PrivateTargetError if any of its addresses is not public. */
export async function assertPublicHost(hostname: string): Promise<void> {
  const host = bare(hostname);
  const addresses = isIP(host) ? [host] : (await resolveAll(host)).map((a) => a.address);
  const blocked = addresses.find((a) => !isPublicAddress(a));
  if (blocked) throw new PrivateTargetError(blocked);
}

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(host, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for outgoing connections that refuses private addresses at connect time, so a host
 * name cannot resolve to a public address when checked and a private one when used.
 */
export function guardedLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const blocked = addresses.find((a) => !isPublicAddress(a.address));
    if (blocked) return callback(Object.assign(new PrivateTargetError(blocked.address), { code: 'EPRIVATE' }), []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}
