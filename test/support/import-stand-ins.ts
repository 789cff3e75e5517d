/**
 * Local stand-ins for the APIs the import readers page through (Shlink, a YOURLS list plugin, Kutt), answering
 * as the real ones do: their paths, auth, paging, order and error bodies (see docs/imports.md for the sources).
 * Each can also answer 429 with a Retry-After, fail with a 500 or never answer, from a chosen request on.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FetchedResponse, ImportFetch } from '../../src/catalog/imports/import.types.js';

/** One link as the old service holds it; each stand-in shows it in its own API's shape. */
export interface StandInLink {
  shortCode: string;
  url: string;
  title: string | null;
  tags: string[];
  /** ISO 8601, UTC. */
  createdAt: string;
  clicks: number;
  /** A custom short domain; the service's own when absent. */
  domain?: string;
}

export interface StandInOptions {
  /** The API key (Shlink, Kutt) or signature (YOURLS) it accepts. */
  key: string;
  /** In the order they were created. */
  links: StandInLink[];
  /** Answers the `at`th request (counting from 1) with 429 and this Retry-After in seconds, once. */
  rateLimit?: { at: number; retryAfter: number };
  /** Answers 500 from the `at`th request on. */
  failFrom?: number;
  /** Never answers from the `at`th request on (the connection stays open until close()). */
  hangFrom?: number;
}

export interface StandIn {
  /** The base address a person would give for this service. */
  url: string;
  /** The path and query of every request, in order. */
  requests: string[];
  close(): Promise<void>;
}

const open = new Set<StandIn>();

/** Closes every stand-in still open: `afterEach(closeStandIns)`. */
export async function closeStandIns(): Promise<void> {
  await Promise.all([...open].map((standIn) => standIn.close()));
}

type Handler = (request: IncomingMessage, url: URL) => { status: number; body: unknown; headers?: Record<string, string> };

async function listen(
  options: StandInOptions,
  name: string,
  handle: Handler,
  failBody: () => { type: string; body: string },
): Promise<StandIn> {
  const requests: string[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    requests.push(request.url ?? '');
    const count = requests.length;
    if (options.hangFrom !== undefined && count >= options.hangFrom) return;
    if (options.rateLimit?.at === count) {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(options.rateLimit.retryAfter) });
      response.end(JSON.stringify({ error: 'Too many requests, please try again later.' }));
      return;
    }
    if (options.failFrom !== undefined && count >= options.failFrom) {
      const failure = failBody();
      response.writeHead(500, { 'content-type': failure.type });
      response.end(failure.body);
      return;
    }
    const answer = handle(request, new URL(request.url ?? '/', 'http://stand-in'));
    const problem = answer.status >= 400 && name === 'shlink';
    response.writeHead(answer.status, {
      'content-type': problem ? 'application/problem+json' : 'application/json',
      ...answer.headers,
    });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const standIn: StandIn = {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      if (!open.delete(standIn)) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  open.add(standIn);
  return standIn;
}

const int = (value: string | null, fallback: number) => (value !== null && /^-?\d+$/.test(value) ? Number(value) : fallback);
const sqlTime = (iso: string) => iso.slice(0, 19).replace('T', ' ');

/**
 * Shlink's REST API v3 (module/Rest, docs/swagger): GET /rest/v3/short-urls?page&itemsPerPage&orderBy with
 * X-Api-Key; 10 per page unless asked, newest first unless orderBy says; errors as RFC 7807 problems.
 */
export function shlinkStandIn(options: StandInOptions): Promise<StandIn> {
  return listen(
    options,
    'shlink',
    (request, url) => {
      if (url.pathname !== '/rest/v3/short-urls') {
        return {
          status: 404,
          body: { type: 'https://shlink.io/api/error/not-found', title: 'Not found', detail: 'Not found', status: 404 },
        };
      }
      const key = request.headers['x-api-key'];
      if (key === undefined) {
        return {
          status: 401,
          body: {
            type: 'https://shlink.io/api/error/missing-authentication',
            title: 'Invalid authorization',
            detail: 'Expected one of the following authentication headers, ["X-Api-Key"], but none were provided',
            status: 401,
          },
        };
      }
      if (key !== options.key) {
        return {
          status: 401,
          body: {
            type: 'https://shlink.io/api/error/invalid-api-key',
            title: 'Invalid API key',
            detail: 'Provided API key does not exist or is invalid.',
            status: 401,
          },
        };
      }
      const ascending = url.searchParams.get('orderBy') === 'dateCreated-ASC';
      const links = ascending ? options.links : [...options.links].reverse();
      const asked = int(url.searchParams.get('itemsPerPage'), 10);
      const perPage = asked < 0 ? Math.max(links.length, 1) : asked;
      const page = Math.max(1, int(url.searchParams.get('page'), 1));
      const data = links.slice((page - 1) * perPage, page * perPage).map((link) => ({
        shortCode: link.shortCode,
        shortUrl: `https://${link.domain ?? 's.test'}/${link.shortCode}`,
        longUrl: link.url,
        dateCreated: link.createdAt.replace(/\.\d+Z$|Z$/, '+00:00'),
        visitsSummary: { total: link.clicks, nonBots: link.clicks, bots: 0 },
        tags: link.tags,
        meta: { validSince: null, validUntil: null, maxVisits: null },
        domain: link.domain ?? null,
        title: link.title,
        crawlable: false,
        forwardQuery: true,
        hasRedirectRules: false,
      }));
      return {
        status: 200,
        body: {
          shortUrls: {
            data,
            pagination: {
              currentPage: page,
              pagesCount: Math.ceil(links.length / perPage),
              itemsPerPage: perPage,
              itemsInCurrentPage: data.length,
              totalItems: links.length,
            },
          },
        },
      };
    },
    () => ({
      type: 'application/problem+json',
      body: JSON.stringify({
        type: 'https://shlink.io/api/error/internal-server-error',
        title: 'Internal Server Error',
        detail: 'An unexpected error occurred',
        status: 500,
      }),
    }),
  );
}

/**
 * yourls-api.php with the `list` action of the plugin API Action List Extended (Codeinwp/yourls-api-list-extended):
 * signature, sortby, sortorder, offset, perpage (50 unless asked); the yourls_url columns as MySQL gives them
 * (numbers as text). A wrong signature gets YOURLS' 403, an unknown action its 400.
 */
export function yourlsStandIn(options: StandInOptions): Promise<StandIn> {
  return listen(
    options,
    'yourls',
    (_request, url) => {
      if (url.pathname !== '/yourls-api.php') return { status: 404, body: { message: 'Not Found' } };
      if (url.searchParams.get('signature') !== options.key) {
        return { status: 403, body: { message: 'Please log in', errorCode: '403', callback: '' } };
      }
      if (url.searchParams.get('action') !== 'list') {
        return { status: 400, body: { errorCode: '400', message: 'Unknown or missing "action" parameter' } };
      }
      const sortBy = url.searchParams.get('sortby') === 'keyword' ? 'keyword' : 'timestamp';
      const descending = (url.searchParams.get('sortorder') ?? 'DESC').toUpperCase() !== 'ASC';
      const rows = options.links.map((link) => ({
        keyword: link.shortCode,
        url: link.url,
        title: link.title,
        timestamp: sqlTime(link.createdAt),
        ip: '203.0.113.9',
        clicks: String(link.clicks),
      }));
      rows.sort((a, b) => (sortBy === 'keyword' ? (a.keyword < b.keyword ? -1 : 1) : a.timestamp.localeCompare(b.timestamp)));
      if (descending) rows.reverse();
      const offset = int(url.searchParams.get('offset'), 0);
      const perPage = int(url.searchParams.get('perpage'), 50);
      return {
        status: 200,
        body: {
          statusCode: 200,
          message: 'success',
          result: rows.slice(offset, offset + perPage),
          total: String(rows.length),
          offset,
          perpage: perPage,
        },
      };
    },
    () => ({
      type: 'text/html',
      body: '<br />\n<b>Fatal error</b>:  Uncaught PDOException in /var/www/html/includes/vendor/aura/sql/src/ExtendedPdo.php',
    }),
  );
}

/**
 * Kutt's API v2 (server/routes/link.routes.js): GET /api/v2/links?limit&skip with X-API-KEY; 10 per page
 * unless asked, at most 50; newest first; a wrong key gets 401 { error: "Unauthorized." }.
 */
export function kuttStandIn(options: StandInOptions): Promise<StandIn> {
  return listen(
    options,
    'kutt',
    (request, url) => {
      if (url.pathname !== '/api/v2/links') return { status: 404, body: { error: 'Not found.' } };
      if (request.headers['x-api-key'] !== options.key) return { status: 401, body: { error: 'Unauthorized.' } };
      const limit = Math.min(int(url.searchParams.get('limit'), 10) || 10, 50);
      const skip = int(url.searchParams.get('skip'), 0);
      const newestFirst = [...options.links].reverse();
      const data = newestFirst.slice(skip, skip + limit).map((link, i) => ({
        id: `00000000-0000-4000-8000-${String(skip + i).padStart(12, '0')}`,
        address: link.shortCode,
        banned: false,
        created_at: link.createdAt,
        updated_at: link.createdAt,
        description: link.title,
        expire_in: null,
        password: false,
        target: link.url,
        visit_count: link.clicks,
        domain: link.domain ?? null,
        link: `https://${link.domain ?? 'kutt.test'}/${link.shortCode}`,
      }));
      return { status: 200, body: { total: options.links.length, limit, skip, data } };
    },
    () => ({ type: 'application/json', body: JSON.stringify({ error: 'An error occurred.' }) }),
  );
}

/** An ImportFetch on the global fetch, as the service's own would be: GET, no redirects followed, a timeout per request. */
export function fetchFor(options: { timeoutMs?: number } = {}): ImportFetch {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return async (url, headers) => {
    const response = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    const answer: FetchedResponse = {
      status: response.status,
      header: (name) => response.headers.get(name),
      text: () => response.text(),
    };
    return answer;
  };
}

/** `count` links created a minute apart from 2024-01-01, their endings `prefix0001`, `prefix0002`, … (sorted as created). */
export function manyLinks(count: number, prefix = 'l'): StandInLink[] {
  return Array.from({ length: count }, (_, i) => ({
    shortCode: `${prefix}${String(i + 1).padStart(4, '0')}`,
    url: `https://example.com/page/${i + 1}`,
    title: null,
    tags: [],
    createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
    clicks: i,
  }));
}
