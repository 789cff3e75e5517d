import createTokens from '@fastify/csrf';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config.js';
import { Forbidden } from '../../lib/errors.js';
import { CSRF_COOKIE, CSRF_HEADER, cookieOptions } from './cookies.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit CSRF protection for the dashboard: a random secret in an HttpOnly cookie,
 * and tokens derived from it (salted HMACs, @fastify/csrf) that the page sends back in a header on
 * every state change. A cross-site page can neither read the token nor set the header.
 */
export class Csrf {
  private readonly tokens = createTokens();

  constructor(private readonly config: Config) {}

  /** A token for this browser, setting its secret cookie when it has none yet. */
  issue(request: FastifyRequest, reply: FastifyReply): string {
    const known = request.cookies[CSRF_COOKIE];
    if (known) return this.tokens.create(known);
    const secret = this.tokens.secretSync();
    reply.setCookie(CSRF_COOKIE, secret, cookieOptions(this.config));
    return this.tokens.create(secret);
  }

  /**
   * A route that a plain HTML form posts to (the live preview, posted into a frame) carries the
   * token in its query, as a form cannot set a header; no other route accepts it there.
   */
  private fromQuery(request: FastifyRequest): string | undefined {
    if (request.routeOptions.config?.csrfInQuery !== true) return undefined;
    const value = (request.query as Record<string, unknown> | undefined)?.csrf;
    return typeof value === 'string' ? value : undefined;
  }

  /** Refuses a state change whose token is missing or does not belong to the browser's secret. */
  check = async (request: FastifyRequest): Promise<void> => {
    if (SAFE_METHODS.has(request.method)) return;
    const secret = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    const token = Array.isArray(header) ? header[0] : (header ?? this.fromQuery(request));
    if (!secret || !token || !this.tokens.verify(secret, token)) {
      throw new Forbidden('The request lacks a valid CSRF token: reload the page and try again.');
    }
  };
}
