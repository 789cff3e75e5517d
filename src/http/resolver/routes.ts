import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Outcome, ResolverService, Visit } from '../../traffic/index.js';
import { GATE_COOKIE, visitOf } from './visit.js';
import type { HttpMetrics } from '../metrics.js';
import {
  archivedPage,
  expiredPage,
  gatePage,
  notFoundPage,
  PAGE_HEADERS,
  pausedPage,
  previewPage,
  tooManyAttemptsPage,
  unavailablePage,
} from './pages.js';

const FORM_LIMIT = 4096;

function fromRequest(request: FastifyRequest<{ Params: { shortCode: string } }>): Visit {
  return visitOf({
    host: request.host,
    shortCode: request.params.shortCode,
    method: request.method,
    placement: (request.query as Record<string, unknown>).p,
    headers: request.headers,
    clientAddress: request.ip,
  });
}

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(body);
}

/** A recorded outcome (a redirect) is answered once its hit is durable. */
async function recorded(resolver: ResolverService, outcome: Outcome): Promise<Outcome> {
  if (outcome.kind === 'redirect' || outcome.kind === 'gate_passed')
    await new Promise<void>((done) => resolver.whenRecorded(done));
  return outcome;
}

/** Renders what the resolver decided. Never a 301: browsers would cache it and a repoint would not take effect. */
function answer(request: FastifyRequest, reply: FastifyReply, outcome: Outcome, publicUrl: string): FastifyReply {
  switch (outcome.kind) {
    case 'redirect':
      return reply.code(302).header('location', outcome.location).header('cache-control', 'no-store').send();
    case 'gate_passed': {
      const secure = request.protocol === 'https' ? '; Secure' : '';
      const path = request.url.split('?')[0] ?? '/';
      reply.header(
        'set-cookie',
        `${GATE_COOKIE}=${outcome.pass}; Path=${path}; Max-Age=${outcome.maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`,
      );
      return reply.code(303).header('location', outcome.location).header('cache-control', 'no-store').send();
    }
    case 'paused':
      return html(reply, 200, pausedPage());
    case 'archived':
      return html(reply, 410, archivedPage());
    case 'expired':
      if (outcome.location !== null)
        return reply.code(302).header('location', outcome.location).header('cache-control', 'no-store').send();
      return html(reply, 410, expiredPage());
    case 'preview':
      // The preview page is for robots only: it is never indexed as the address's own content.
      return reply
        .code(200)
        .headers({ ...PAGE_HEADERS, 'x-robots-tag': 'noindex' })
        .type('text/html; charset=utf-8')
        .send(previewPage(outcome.preview, outcome.url, publicUrl));
    case 'not_found':
      return html(reply, 404, notFoundPage());
    case 'unavailable':
      return html(reply, 403, unavailablePage());
    case 'gate':
      return html(reply, outcome.failed ? 401 : 200, gatePage(outcome.failed));
    case 'rate_limited':
      reply.header('retry-after', String(outcome.retryAfterSeconds));
      return html(reply, 429, tooManyAttemptsPage(outcome.retryAfterSeconds));
  }
}

/**
 * The public resolver: GET and HEAD /<shortCode> on the PUBLIC_URL host or an account's custom
 * domain, and POST /<shortCode> for a gated code's password form. The decisions live in
 * ResolverService; this file only translates HTTP.
 */
export const resolverRoutes: FastifyPluginAsync<{ resolver: ResolverService; metrics: HttpMetrics; publicUrl: string }> = async (
  app,
  { resolver, metrics, publicUrl },
) => {
  const counted = (outcome: Outcome): Outcome => {
    metrics.resolved(outcome.kind);
    return outcome;
  };
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.route<{ Params: { shortCode: string } }>({
    method: ['GET', 'HEAD'],
    url: '/:shortCode',
    schema: { hide: true },
    handler: async (request, reply) =>
      answer(request, reply, counted(await recorded(resolver, await resolver.visit(fromRequest(request)))), publicUrl),
  });

  app.post<{ Params: { shortCode: string } }>('/:shortCode', { schema: { hide: true } }, async (request, reply) => {
    const body = request.body as Record<string, unknown> | undefined;
    const password = typeof body?.password === 'string' ? body.password : '';
    return answer(
      request,
      reply,
      counted(await recorded(resolver, await resolver.unlock(fromRequest(request), password))),
      publicUrl,
    );
  });
};
