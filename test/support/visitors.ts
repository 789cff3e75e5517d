import type { Harness } from './harness.js';
import { IPHONE } from './hits.js';

/** A robot by its own account: its views and replies are never counted or stored. */
export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Someone opening and sending the public pages of hosted content, from one client address of their own. */
export interface Visitor {
  get(path: string, host?: string): ReturnType<Harness['request']>;
  head(path: string, host?: string): ReturnType<Harness['request']>;
  post(path: string, fields: Record<string, string>, host?: string): ReturnType<Harness['request']>;
}

/**
 * Makes visitors, each from a client address nobody else uses, so the per-client reply limit and the
 * daily unique visitors count each one apart.
 */
export function visitors(h: Harness): (userAgent?: string) => Visitor {
  let address = 0;
  return (userAgent = IPHONE) => {
    address += 1;
    const remoteAddress = `198.51.${Math.floor(address / 250)}.${(address % 250) + 1}`;
    const headers = (host: string) => ({ host, 'user-agent': userAgent });
    return {
      get: (path, host = 'qrelay.test') => h.request({ method: 'GET', url: path, remoteAddress, headers: headers(host) }),
      head: (path, host = 'qrelay.test') => h.request({ method: 'HEAD', url: path, remoteAddress, headers: headers(host) }),
      post: (path, fields, host = 'qrelay.test') =>
        h.request({
          method: 'POST',
          url: path,
          remoteAddress,
          headers: { ...headers(host), 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(fields).toString(),
        }),
    };
  };
}

/** The path of a public address. */
export const pathOf = (url: string): string => new URL(url).pathname;
