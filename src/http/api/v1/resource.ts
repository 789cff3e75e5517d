import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';
import type { Actor } from '../../../modules/team/roles.policy.js';
import type { GuardHook } from '../../guard.js';
import { IdParams, responses } from '../../schemas.js';
import { actor } from './context.js';
import type { declareRoutes, RouteParts } from './route.js';

/**
 * What a standard operation states besides its id and summary: prose, the success body's schema
 * (`{ data }`; the error responses are added) and `run`, which calls the service as the acting person.
 */
interface Operation<Args extends unknown[], Result = unknown> {
  description?: string;
  response: TSchema;
  run(acting: Actor, ...input: Args): Promise<Result>;
}

/** An operation with a body; `errors` adds statuses to the usual ones (404 where the body names other objects). */
type WithBody<B extends TSchema, Args extends unknown[]> = Operation<Args> & { body: B; errors?: number[] };

/** The request as the route's schemas validated it. */
type Validated = FastifyRequest<{ Params: { id: string } }>;

/** The parts that are given, in the order they are listed (the OpenAPI document keeps it). */
const given = (parts: RouteParts): RouteParts =>
  Object.fromEntries(Object.entries(parts).filter(([, value]) => value !== undefined)) as RouteParts;

/**
 * The standard operations of one resource at `path`: `list` (GET path) and `get` (GET path/:id) behind
 * `read`; `create` (POST path, 201), `update` (PATCH path/:id) and `remove` (DELETE path/:id) behind
 * `write`. `run` receives the acting person and the validated input, typed from the schemas, and gives
 * the `data` of the answer; `remove` answers `{ id, deleted: true }` with whatever `run` adds. Each call
 * declares its route at once, so a resource's routes keep the order they are written in, with its other
 * operations among them (declared with `route`).
 */
export function resourceRoutes(
  app: Pick<FastifyInstance, 'route'>,
  route: ReturnType<typeof declareRoutes>,
  { path, read, write }: { path: string; read: GuardHook; write?: GuardHook },
) {
  const declare = (
    method: HTTPMethods,
    [operationId, summary]: [string, string],
    parts: RouteParts,
    data: (acting: Actor, request: Validated) => Promise<unknown>,
  ) => {
    const guard = method === 'GET' ? read : write;
    if (!guard) throw new Error(`${method} ${path}: a resource that changes needs its write guard`);
    app.route({
      method,
      url: parts.params ? `${path}/:id` : path,
      ...route(guard, operationId, summary, given(parts)),
      handler: async (request, reply) =>
        reply.code(method === 'POST' ? 201 : 200).send({ data: await data(actor(request), request as Validated) }),
    });
  };
  const one = (response: TSchema) => responses({ 200: response }, [404]);

  return {
    list<Q extends TSchema>(operationId: string, summary: string, op: Operation<[query: Static<Q>]> & { querystring?: Q }) {
      const { description, querystring, response } = op;
      declare(
        'GET',
        [operationId, summary],
        { description, querystring, response: responses({ 200: response }) },
        (acting, request) => op.run(acting, request.query as Static<Q>),
      );
    },
    create<B extends TSchema>(operationId: string, summary: string, op: WithBody<B, [body: Static<B>]>) {
      const { description, body, response, errors } = op;
      declare(
        'POST',
        [operationId, summary],
        { description, body, response: responses({ 201: response }, errors) },
        (acting, request) => op.run(acting, request.body as Static<B>),
      );
    },
    get(operationId: string, summary: string, op: Operation<[id: string]>) {
      const { description, response } = op;
      declare('GET', [operationId, summary], { description, params: IdParams, response: one(response) }, (acting, request) =>
        op.run(acting, request.params.id),
      );
    },
    update<B extends TSchema>(operationId: string, summary: string, op: WithBody<B, [id: string, body: Static<B>]>) {
      const { description, body, response } = op;
      declare(
        'PATCH',
        [operationId, summary],
        { description, params: IdParams, body, response: one(response) },
        (acting, request) => op.run(acting, request.params.id, request.body as Static<B>),
      );
    },
    remove(operationId: string, summary: string, op: Operation<[id: string], object | void>) {
      const { description, response } = op;
      declare(
        'DELETE',
        [operationId, summary],
        { description, params: IdParams, response: one(response) },
        async (acting, request) => ({
          id: request.params.id,
          deleted: true,
          ...(await op.run(acting, request.params.id)),
        }),
      );
    },
  };
}
