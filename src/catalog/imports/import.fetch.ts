import { isIP } from 'node:net';
import type { Agent } from 'undici';
import { guardedLookup, isPublicAddress, PrivateTargetError } from '../../delivery/index.js';
import { ImportRefused, type FetchedResponse, type ImportFetch } from './import.types.js';

/** One request to an old service: long enough for a slow page, short enough that a stalled one fails. */
const REQUEST_TIMEOUT_MS = 30_000;
/** The most of one response read: an API page, never a download. */
const BODY_MAX = 16 * 1_048_576;

const privateSource = (address: string) =>
  `The source is at a private, loopback or reserved address (${address}); the operator allows such sources with WEBHOOK_ALLOW_PRIVATE=true.`;

/**
 * GET requests to another service's API, as webhook deliveries go out: no redirects followed, private
 * addresses refused at connect time unless the operator allows them (WEBHOOK_ALLOW_PRIVATE), a
 * timeout per request. The HTTP client loads with the first request.
 */
export function importFetch(allowPrivate: boolean): ImportFetch {
  let client: Promise<{ agent: Agent; request: typeof import('undici').request }> | undefined;
  return async (url, headers) => {
    const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
    if (!allowPrivate && isIP(host) && !isPublicAddress(host)) throw new ImportRefused(privateSource(host));
    client ??= import('undici').then(({ Agent, request }) => ({
      request,
      agent: new Agent({
        connect: { timeout: REQUEST_TIMEOUT_MS, ...(allowPrivate ? {} : { lookup: guardedLookup }) },
        headersTimeout: REQUEST_TIMEOUT_MS,
        bodyTimeout: REQUEST_TIMEOUT_MS,
      }),
    }));
    const { agent, request } = await client;
    let response;
    try {
      response = await request(url, {
        method: 'GET',
        dispatcher: agent,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        headers: { accept: 'application/json', 'user-agent': 'qrelay-import/1', ...headers },
      });
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof PrivateTargetError) throw new ImportRefused(privateSource(cause.address));
      throw error;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const body: FetchedResponse = {
      status: response.statusCode,
      header: (name) => {
        const value = response.headers[name.toLowerCase()];
        return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
      },
      text: async () => {
        for await (const chunk of response.body as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > BODY_MAX) {
            response.body.destroy();
            throw new ImportRefused(
              `The answer to GET ${new URL(url).origin}${new URL(url).pathname} is larger than ${BODY_MAX} bytes.`,
            );
          }
          chunks.push(chunk);
        }
        return Buffer.concat(chunks).toString('utf8');
      },
    };
    return body;
  };
}
