import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';
import type { TrustProxy } from '../config/config.js';

/** Whether the hop-th address of a request's chain (0: the socket's peer) is a proxy to trust. */
export type TrustFn = (address: string, hop: number) => boolean;

/**
 * The one reading of TRUST_PROXY, shared by Fastify (its `trustProxy` option) and the redirect fast
 * path, so both take the same client address and host from a request. The client address is the
 * right-most address of the chain (socket peer, then X-Forwarded-For from right to left) that is
 * not a trusted proxy; entries a client wrote itself, on the left, are never reached.
 */
export interface ClientAddress {
  /** For Fastify's `trustProxy`, or false when no proxy is trusted. */
  trust: TrustFn | false;
  /** The client's address. */
  address(req: IncomingMessage): string;
  /** The requested host: the right-most X-Forwarded-Host when the peer is a trusted proxy, else Host. */
  host(req: IncomingMessage): string;
}

/** A trust function from TRUST_PROXY's forms: a hop count, or a list of addresses and CIDR ranges. */
export function trustFunction(setting: TrustProxy): TrustFn | false {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile([...setting]);
}

const lastEntry = (value: string): string => value.slice(value.lastIndexOf(',') + 1).trim();

export function clientAddress(setting: TrustProxy): ClientAddress {
  const trust = trustFunction(setting);
  if (trust === false) {
    return {
      trust,
      address: (req) => req.socket.remoteAddress ?? '',
      host: (req) => req.headers.host ?? '',
    };
  }
  return {
    trust,
    address: (req) => proxyAddr(req, trust),
    host(req) {
      const forwarded = req.headers['x-forwarded-host'];
      if (typeof forwarded === 'string' && forwarded !== '' && trust(req.socket.remoteAddress ?? '', 0))
        return lastEntry(forwarded);
      return req.headers.host ?? '';
    },
  };
}
