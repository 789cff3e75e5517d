import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  anchorOf,
  GS1_VOC,
  itemDescription,
  LINKSET_CONTEXT,
  LINKSET_MEDIA_TYPE,
  linksetOf,
  preferences,
  PRIMARY_KEYS,
  target,
} from '../../catalog/index.js';
import type { Gs1Answer, Gs1ResolverService } from '../../traffic/index.js';
import type { ErrorCode } from '../../lib/errors.js';
import { errorBody } from '../errors.js';
import type { HttpMetrics } from '../metrics.js';
import { choicesPage } from './gs1.pages.js';
import { errorPage, notFoundPage, PAGE_HEADERS, unavailablePage } from './pages.js';

const METHODS = 'GET, HEAD, OPTIONS';

/** CORS for every answer of the resolver: any origin may read it (GS1-Conformant Resolver: SHALL support CORS). */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': METHODS,
  'access-control-allow-headers': 'Accept, Accept-Language',
  'access-control-expose-headers': 'Link, Location, Content-Type',
} as const;

const first = (value: string | string[] | undefined): string | null => (typeof value === 'string' ? value : (value?.[0] ?? null));

/** Splits `request.url` into the Digital Link path (without the leading slash) and the raw query. */
function partsOf(url: string): { path: string; query: string } {
  const at = url.indexOf('?');
  return at < 0 ? { path: url.slice(1), query: '' } : { path: url.slice(1, at), query: url.slice(at + 1) };
}

/** `href` with the request's query string passed on (GS1: by default all key=value pairs), before any fragment. */
export function withQuery(href: string, query: string): string {
  if (!query) return href;
  const hash = href.indexOf('#');
  const [base, fragment] = hash < 0 ? [href, ''] : [href.slice(0, hash), href.slice(hash)];
  return `${base}${base.includes('?') ? '&' : '?'}${query}${fragment}`;
}

/** Whether the client would rather read JSON than a page (an API client, not a browser). */
const prefersJson = (accept: string | null): boolean => {
  const prefs = preferences(accept);
  const json = prefs.findIndex((p) => p.value === 'application/json' || p.value.endsWith('+json'));
  const html = prefs.findIndex((p) => p.value === 'text/html');
  return json >= 0 && (html < 0 || json < html);
};

/** Whether the client ranks an HTML page above JSON (a browser). */
const prefersHtml = (accept: string | null): boolean => {
  const prefs = preferences(accept);
  const html = prefs.findIndex((p) => p.value === 'text/html');
  return html >= 0 && !prefersJson(accept);
};

function page(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(body);
}

/** The `Link` header every answer about a Digital Link carries: where its linkset is. */
const linksetLinkOf = (origin: string, requested: string): string =>
  `<${anchorOf(origin, requested)}?linkType=linkset>; rel="linkset"; type="${LINKSET_MEDIA_TYPE}"`;

interface Failure {
  status: number;
  code: ErrorCode;
  message: string;
  page: string;
}

/** The failures a resolution can end in, beside a malformed address (whose message names its problem). */
const FAILURES: Record<'not_found' | 'unavailable' | 'method', Failure> = {
  not_found: {
    status: 404,
    code: 'not_found',
    message: 'Nothing is registered for this GS1 key (or for the link type asked for).',
    page: notFoundPage(),
  },
  unavailable: {
    status: 403,
    code: 'forbidden',
    message: 'This GS1 key is not available at the moment.',
    page: unavailablePage(),
  },
  method: { status: 405, code: 'invalid_request', message: `A GS1 Digital Link answers ${METHODS} only.`, page: errorPage(405) },
};

/** An error: the API's JSON envelope (with its `docs` address) for a client that prefers JSON, else a page. */
function failure(request: FastifyRequest, reply: FastifyReply, publicUrl: string, error: Failure): FastifyReply {
  if (!prefersJson(first(request.headers.accept))) return page(reply, error.status, error.page);
  return reply
    .code(error.status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(errorBody(publicUrl, error.code, error.message));
}

function answer(request: FastifyRequest, reply: FastifyReply, result: Gs1Answer, query: string, publicUrl: string): FastifyReply {
  reply.headers(CORS).header('vary', 'Accept, Accept-Language');
  if (result.kind === 'bad_request')
    return failure(request, reply, publicUrl, {
      status: 400,
      code: 'invalid_request',
      message: result.problem,
      page: errorPage(400),
    });
  if (result.kind === 'not_found' || result.kind === 'unavailable')
    return failure(request, reply, publicUrl, FAILURES[result.kind]);
  const linksetLink = linksetLinkOf(result.origin, result.requested);
  reply.header('cache-control', 'no-store');
  switch (result.kind) {
    case 'linkset':
      return reply
        .code(200)
        .header(
          'link',
          `${linksetLink}, <${LINKSET_CONTEXT}>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"`,
        )
        .type(LINKSET_MEDIA_TYPE)
        .send(JSON.stringify(linksetOf(result.origin, result.keys)));
    case 'redirect':
      return reply.code(307).header('link', linksetLink).header('location', withQuery(result.link.href, query)).send();
    case 'choices': {
      // 300 Multiple Choices: a page of the equally good links for a person, else a linkset of just them.
      reply.code(300).header('link', linksetLink);
      if (prefersHtml(first(request.headers.accept))) return page(reply, 300, choicesPage(result.links));
      const rel = `${GS1_VOC}${result.links[0]!.linkType.slice(4)}`;
      const context = {
        anchor: anchorOf(result.origin, result.key.key),
        itemDescription: itemDescription(result.key.key),
        [rel]: result.links.map(target),
      };
      return reply.type(LINKSET_MEDIA_TYPE).send(JSON.stringify({ linkset: [context] }));
    }
  }
}

/**
 * The GS1-Conformant resolver over HTTP: GET, HEAD and OPTIONS on each supported primary
 * key's path (`/01/...`, `/414/...`, ...) on every host, and the resolver description at
 * `/.well-known/gs1resolver`. The decisions live in Gs1ResolverService.
 */
export const gs1ResolverRoutes: FastifyPluginAsync<{ gs1: Gs1ResolverService; metrics: HttpMetrics }> = async (
  app,
  { gs1, metrics },
) => {
  const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const { path, query } = partsOf(request.url);
    const linkType = new URLSearchParams(query).get('linkType');
    const result = await gs1.resolve({
      host: request.host,
      path,
      method: request.method,
      linkType: linkType === null || linkType.trim() === '' ? null : linkType.trim(),
      accept: first(request.headers.accept),
      acceptLanguage: first(request.headers['accept-language']),
      userAgent: first(request.headers['user-agent']),
      clientAddress: request.ip,
      headers: request.headers,
    });
    metrics.resolved(
      result.kind === 'redirect' || result.kind === 'not_found' || result.kind === 'unavailable'
        ? result.kind
        : `gs1_${result.kind}`,
    );
    if (result.kind === 'redirect' || result.kind === 'choices') await new Promise<void>((done) => gs1.whenRecorded(done));
    return answer(request, reply, result, query, gs1.publicUrl);
  };
  // GS1's conformance suite reads the linkset's Link header from the OPTIONS answer too.
  const preflight = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const address = await gs1.address(request.host, partsOf(request.url).path);
    if (address) reply.header('link', linksetLinkOf(address.origin, address.requested));
    return reply.code(204).headers(CORS).header('allow', METHODS).header('access-control-max-age', '86400').send();
  };
  // Answered before the body is read, so whatever a client sends gets the same 405.
  const notAllowed = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> =>
    failure(request, reply.headers(CORS).header('allow', METHODS), gs1.publicUrl, FAILURES.method);
  const otherMethods = app.supportedMethods.filter((method) => !['GET', 'HEAD', 'OPTIONS'].includes(method));

  for (const ai of Object.keys(PRIMARY_KEYS)) {
    // `/<ai>` alone is a Digital Link without its value: a 400 like any other malformed one.
    for (const url of [`/${ai}`, `/${ai}/*`]) {
      app.route({ method: ['GET', 'HEAD'], url, schema: { hide: true }, handler });
      app.route({ method: 'OPTIONS', url, schema: { hide: true }, handler: preflight });
      app.route({ method: otherMethods, url, schema: { hide: true }, onRequest: notAllowed, handler: notAllowed });
    }
  }

  app.get('/.well-known/gs1resolver', { schema: { hide: true } }, async (request, reply) =>
    reply
      .headers(CORS)
      .header('cache-control', 'public, max-age=3600')
      .type('application/json')
      .send(await gs1.description(request.host)),
  );
};
