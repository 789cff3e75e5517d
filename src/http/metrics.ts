import type { FastifyPluginAsync } from 'fastify';
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import type { Outcome } from '../modules/resolver/resolver.types.js';

/** A short address's outcomes, and the GS1 resolver's own (its redirects, 404s and 403s count with them). */
type ResolverOutcome = Outcome['kind'] | 'gs1_linkset' | 'gs1_choices' | 'gs1_bad_request';

const OUTCOMES: readonly ResolverOutcome[] = [
  'redirect',
  'gate_passed',
  'gate',
  'paused',
  'archived',
  'not_found',
  'unavailable',
  'rate_limited',
  'gs1_linkset',
  'gs1_choices',
  'gs1_bad_request',
];

/**
 * What an operator counts without reading logs (ADR 0069). The resolver is not logged per request
 * (volume, and a visit is nobody's business), so its outcomes are plain integers bumped on the hot
 * path and turned into Prometheus series only when /metrics is read.
 */
export class HttpMetrics {
  readonly registry = new Registry();
  private readonly resolverCounts = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<ResolverOutcome, number>;
  private readonly api: Counter<'method' | 'route' | 'status'>;

  constructor() {
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

/** GET /metrics in the Prometheus text format. */
export const metricsRoutes: FastifyPluginAsync<{ metrics: HttpMetrics }> = async (app, { metrics }) => {
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
    reply.type(metrics.registry.contentType).send(await metrics.text()),
  );
};
