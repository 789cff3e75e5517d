import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import type { Outcome } from '../traffic/index.js';
import type { Services } from '../services.js';
import { registerOperationsMetrics } from './metrics.operations.js';

/** A short address's outcomes, and the GS1 resolver's own (its redirects, 404s and 403s count with them). */
type ResolverOutcome = Outcome['kind'] | 'gs1_linkset' | 'gs1_choices' | 'gs1_bad_request';

const OUTCOMES: readonly ResolverOutcome[] = [
  'redirect',
  'gate_passed',
  'gate',
  'paused',
  'archived',
  'expired',
  'preview',
  'not_found',
  'unavailable',
  'rate_limited',
  'gs1_linkset',
  'gs1_choices',
  'gs1_bad_request',
];

/**
 * What an operator counts without reading logs. The resolver is not logged per request
 * (volume, and a visit is nobody's business), so its outcomes are plain integers bumped on the hot
 * path and turned into Prometheus series only when /metrics is read.
 */
export class HttpMetrics {
  readonly registry = new Registry();
  private readonly resolverCounts = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<ResolverOutcome, number>;
  private readonly api: Counter<'method' | 'route' | 'status'>;

  /** With `services`, also the figures an operator watches (http/metrics.operations.ts). */
  constructor(services?: Services) {
    const counts = this.resolverCounts;
    new Counter({
      name: 'qrelay_resolver_requests_total',
      help: 'Requests of a short address, by outcome.',
      labelNames: ['outcome'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const outcome of OUTCOMES) this.inc({ outcome }, counts[outcome]);
      },
    });
    this.api = new Counter({
      name: 'qrelay_api_requests_total',
      help: 'API and MCP requests, by method, route and status.',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    if (services) registerOperationsMetrics(this.registry, services);
  }

  /** The app's series and the process's own figures (memory, event loop, ...). */
  async text(): Promise<string> {
    return (await this.registry.metrics()) + (await processRegistry().metrics());
  }

  resolved(outcome: ResolverOutcome): void {
    this.resolverCounts[outcome] += 1;
  }

  apiRequest(method: string, route: string, status: number): void {
    this.api.inc({ method, route, status: String(status) });
  }
}

let processMetrics: Registry | null = null;

/** One per process, started on the first scrape: its collectors (an event-loop monitor) never stop. */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics, prefix: 'qrelay_' });
  }
  return processMetrics;
}

/** Who may read /metrics on the public port. */
export interface MetricsAccess {
  /** METRICS_TOKEN: a scraper sends `Authorization: Bearer <token>`. */
  token: string | null;
  /** ADMIN_PORT is set: /metrics is served there, and on the public port only with the token. */
  adminPort: boolean;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * With a token, only a request bearing it; else, without an admin port, only a client on this
 * machine (a local agent); else nobody. Anyone else gets the 404 any unknown path gets.
 */
export function mayReadMetrics(request: FastifyRequest, access: MetricsAccess): boolean {
  if (access.token !== null) {
    const given = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    return given !== undefined && sameSecret(given, access.token);
  }
  return !access.adminPort && LOOPBACK.has(request.ip);
}

/** GET /metrics in the Prometheus text format, for those `access` lets in. */
export const metricsRoutes: FastifyPluginAsync<{ metrics: HttpMetrics; access: MetricsAccess }> = async (
  app,
  { metrics, access },
) => {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, access)) return reply.callNotFound();
    return reply.type(metrics.registry.contentType).send(await metrics.text());
  });
};

/**
 * ADMIN_PORT: a second listener on 127.0.0.1 that serves only /metrics, to whoever reaches it (the
 * host's own agent, or a port the operator forwards). Resolves once listening.
 */
export async function listenAdmin(metrics: HttpMetrics, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}
