import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Outcome, ResolverService } from '../../traffic/index.js';
import type { ClientAddress } from '../client-address.js';
import type { HttpMetrics } from '../metrics.js';
import { redirectHeaders } from './redirect-headers.js';
import { visitOf } from './visit.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface FastPathOptions {
  /** The same reading of TRUST_PROXY as Fastify's. */
  client: ClientAddress;
  requestId: () => string;
  metrics: HttpMetrics;
}

/** GET or HEAD of one path segment that can be an ending, with an optional query. */
const ENDING_PATH = /^\/([A-Za-z0-9_-]{1,64})(?:\?(.*))?$/s;

/**
 * The redirect hot path. A GET or HEAD of `/<ending>` is resolved straight from the ResolverService
 * (the same rules, cache and recording as the Fastify route); when the outcome is a redirect it is
 * answered here with the same headers, without Fastify's per-request work. Every other request, and
 * every other outcome (paused, archived, unknown, gate), goes to Fastify unchanged, which renders it.
 */
export function resolverServerFactory(resolver: ResolverService, options: FastPathOptions) {
  return (fastify: Handler): Server =>
    createServer((req, res) => {
      const match = req.method === 'GET' || req.method === 'HEAD' ? ENDING_PATH.exec(req.url ?? '') : null;
      if (!match) return fastify(req, res);
      const headers = req.headers;
      const visit = visitOf({
        host: options.client.host(req),
        shortCode: match[1]!,
        method: req.method!,
        placement: match[2] === undefined ? undefined : (new URLSearchParams(match[2]).get('p') ?? undefined),
        headers,
        clientAddress: options.client.address(req),
      });
      const answer = (outcome: Outcome): void => {
        if (outcome.kind !== 'redirect') return fastify(req, res);
        options.metrics.resolved('redirect');
        resolver.whenRecorded(() => {
          res.writeHead(302, redirectHeaders(outcome.location, options.requestId()));
          res.end();
        });
      };
      // A cached target is answered in this turn; otherwise the store is read first.
      let now: Outcome | undefined;
      try {
        now = resolver.visitCached(visit);
      } catch {
        return fastify(req, res);
      }
      if (now) return answer(now);
      resolver.visit(visit).then(answer, () => fastify(req, res));
    });
}
