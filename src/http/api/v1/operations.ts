import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import { principalOf } from '../../guard.js';
import type { Readable } from 'node:stream';
import { Type, type TSchema } from '@sinclair/typebox';
import { answer, type Operation, type Upload } from '../../operations/operation.js';
import { responses } from '../../schemas.js';
import { actor, type ApiContext, type ApiRoutes } from './context.js';

/** The success status of an operation: 201 for what adds, 202 for a queued job, 204 for a removal with no body, else 200. */
export const statusOf = (op: Operation): number =>
  op.kind === 'add' ? 201 : op.kind === 'start' ? 202 : op.noContent ? 204 : 200;

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
    ...(op.body && !op.upload ? { body: op.body } : {}),
    response: responses({ [statusOf(op)]: op.noContent ? Type.Null({ description: 'No content.' }) : op.output }, [...errors]),
  };
}

/** The validated parts the operation declares, as one input; the path's own id wins over any field of the same name. */
const inputOf = (op: Operation, request: FastifyRequest): Record<string, unknown> => ({
  ...(op.querystring ? (request.query as object) : {}),
  ...(op.upload ? { upload: uploadOf(request) } : op.body ? (request.body as object) : {}),
  ...(op.params ? (request.params as object) : {}),
});

const uploadOf = (request: FastifyRequest): Upload => ({
  stream: request.body as Readable,
  type: (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase(),
  header: request.headers['content-type'] ?? '',
});

/** The OpenAPI document shows an upload's body by its media types; the route itself validates none of it. */
const documentUpload =
  (content: Record<string, TSchema>) =>
  ({ schema, url }: { schema: object; url: string }) => ({
    url,
    schema: {
      ...schema,
      body: { content: Object.fromEntries(Object.entries(content).map(([type, s]) => [type, { schema: s }])) },
    },
  });

/** The header's value, when sent once. */
const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Declares each operation's REST route on `app`: its guard (`scope`, metered unless it says not),
 * schemas and status, and a handler that answers what `run` gives. `config` is Fastify's route
 * config on every route (`{ dashboardOnly: true }` on the session surface's own).
 */
export function declareOperations(
  app: FastifyInstance,
  operations: readonly Operation[],
  { config, services, present, guard }: ApiContext,
  routeConfig?: Record<string, unknown>,
  uploading = false,
): void {
  for (const op of operations) {
    if (op.upload && !uploading) {
      // Its body streams to `run` unparsed, in a context of its own so other routes keep their parsers.
      const types = Object.keys(op.upload.content);
      void app.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser(types, (_request, payload, done) => done(null, payload));
        declareOperations(scope, [op], { config, services, present, guard }, routeConfig, true);
      });
      continue;
    }
    app.route({
      ...routeOf(op),
      onRequest: guard({
        scope: op.scope,
        metered: op.metered ?? true,
        ...(op.scopeOneOf ? { oneOf: op.scopeOneOf } : {}),
        ...(op.alsoScopes ? { also: op.alsoScopes } : {}),
      }),
      schema: schemaOf(op),
      config: { ...routeConfig, ...(op.upload ? { swaggerTransform: documentUpload(op.upload.content) } : {}) },
      handler: async (request, reply) => {
        const context = {
          config,
          services,
          present,
          principal: principalOf(request),
          rate: request.rate!,
          idempotencyKey: headerOf(request, 'idempotency-key'),
        };
        const answered = await answer(op, actor(request), inputOf(op, request), context);
        if (op.kind === 'start') void reply.header('location', `/api/v1/jobs/${(answered as { data: { id: string } }).data.id}`);
        if (op.noContent) return reply.code(204).send();
        return reply.code(statusOf(op)).send(answered);
      },
    });
  }
}

/** The REST routes of some catalog operations, as one plugin that /api/v1 and /app/api/v1 register. */
export const operationRoutes =
  (operations: readonly Operation[], routeConfig?: Record<string, unknown>): ApiRoutes =>
  async (app, context) =>
    declareOperations(app, operations, context, routeConfig);
