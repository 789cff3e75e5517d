import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import { principalOf } from '../../guard.js';
import { answer, type Operation } from '../../operations/operation.js';
import { responses } from '../../schemas.js';
import { actor, type ApiContext, type ApiRoutes } from './context.js';

/** The success status of an operation: 201 for what adds, else 200. */
export const statusOf = (op: Operation): number => (op.kind === 'add' ? 201 : 200);

/** The method and the Fastify path of an operation's `http`. */
export function routeOf(op: Operation): { method: HTTPMethods; url: string } {
  const [method, url] = op.http.split(' ') as [HTTPMethods, string];
  return { method, url };
}

/** The route's OpenAPI operation, with only the input parts the operation has (the document keeps their order). */
export function schemaOf(op: Operation) {
  const errors = new Set([...(op.params ? [404] : []), ...(op.errors ?? [])]);
  return {
    operationId: op.id,
    summary: op.addedInV1 ? `${op.summary} (addition within v1)` : op.summary,
    tags: [op.tag],
    description: op.description,
    ...(op.params ? { params: op.params } : {}),
    ...(op.querystring ? { querystring: op.querystring } : {}),
    ...(op.body ? { body: op.body } : {}),
    response: responses({ [statusOf(op)]: op.output }, [...errors]),
  };
}

/** The validated parts the operation declares, as one input; the path's own id wins over any field of the same name. */
const inputOf = (op: Operation, request: FastifyRequest): Record<string, unknown> => ({
  ...(op.querystring ? (request.query as object) : {}),
  ...(op.body ? (request.body as object) : {}),
  ...(op.params ? (request.params as object) : {}),
});

/**
 * Declares each operation's REST route on `app`: its guard (`scope`, metered unless it says not),
 * schemas and status, and a handler that answers what `run` gives. `config` is Fastify's route
 * config on every route (`{ dashboardOnly: true }` on the session surface's own).
 */
export function declareOperations(
  app: Pick<FastifyInstance, 'route'>,
  operations: readonly Operation[],
  { config, services, present, guard }: ApiContext,
  routeConfig?: Record<string, unknown>,
): void {
  for (const op of operations) {
    app.route({
      ...routeOf(op),
      onRequest: guard({ scope: op.scope, metered: op.metered ?? true }),
      schema: schemaOf(op),
      ...(routeConfig ? { config: routeConfig } : {}),
      handler: async (request, reply) => {
        const context = { config, services, present, principal: principalOf(request), rate: request.rate! };
        return reply.code(statusOf(op)).send(await answer(op, actor(request), inputOf(op, request), context));
      },
    });
  }
}

/** The REST routes of some catalog operations, as one plugin that /api/v1 and /app/api/v1 register. */
export const operationRoutes =
  (operations: readonly Operation[], routeConfig?: Record<string, unknown>): ApiRoutes =>
  async (app, context) =>
    declareOperations(app, operations, context, routeConfig);
